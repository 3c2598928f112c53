package org.logplab.bench.jmh;

import org.jctools.queues.varhandle.SpscChunkedVarHandleArrayQueue;

/**
 * The peer of the runtime's channels: two platform threads and two raw JCTools SPSC queues of
 * the same kind and size as the runtime's, with busy-spin waits. Messages are small records
 * carrying what a runtime message carries, allocated per send, so both sides pay the same
 * allocation and cache traffic for the message itself.
 */
final class RawSpsc {
    /** A message as small as the runtime's: source, tag, payload, size, two time stamps. */
    record Msg(int source, int tag, Object payload, int bytes, long sendStart, long arrival) {
    }

    private RawSpsc() {
    }

    private static SpscChunkedVarHandleArrayQueue<Msg> queue() {
        return new SpscChunkedVarHandleArrayQueue<>(64, 1 << 16);
    }

    private static Msg take(SpscChunkedVarHandleArrayQueue<Msg> q) {
        Msg m;
        while ((m = q.poll()) == null) {
            Thread.onSpinWait();
        }
        return m;
    }

    private static void put(SpscChunkedVarHandleArrayQueue<Msg> q, Msg m) {
        while (!q.offer(m)) {
            Thread.onSpinWait();
        }
    }

    /** {@code n} round trips; returns a checksum of the payloads. */
    static long pingPong(int n, Object payload) throws InterruptedException {
        SpscChunkedVarHandleArrayQueue<Msg> there = queue();
        SpscChunkedVarHandleArrayQueue<Msg> back = queue();
        Thread echo = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < n; i++) {
                Msg m = take(there);
                put(back, new Msg(1, 0, m.payload(), 8, i, i));
            }
        });
        long sum = 0;
        for (int i = 0; i < n; i++) {
            put(there, new Msg(0, 0, payload, 8, i, i));
            sum += take(back).sendStart();
        }
        echo.join();
        return sum;
    }

    /** {@code n} messages one way; returns a checksum. */
    static long stream(int n, Object payload) throws InterruptedException {
        SpscChunkedVarHandleArrayQueue<Msg> q = queue();
        long[] sum = new long[1];
        Thread consumer = Thread.ofPlatform().start(() -> {
            long s = 0;
            for (int i = 0; i < n; i++) {
                s += take(q).sendStart();
            }
            sum[0] = s;
        });
        for (int i = 0; i < n; i++) {
            put(q, new Msg(0, 0, payload, 8, i, i));
        }
        consumer.join();
        return sum[0];
    }
}
