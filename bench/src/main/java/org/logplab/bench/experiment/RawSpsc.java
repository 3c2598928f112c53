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
        for (int spins = 1; (m = q.poll()) == null; spins++) {
            pause(spins);
        }
        return m;
    }

    private static void put(SpscChunkedVarHandleArrayQueue<Msg> q, Msg m) {
        for (int spins = 1; !q.offer(m); spins++) {
            pause(spins);
        }
    }

    /**
     * Spins, yielding the core now and then: with more threads than cores a pure busy-spin keeps
     * the thread that would satisfy the wait off the core (5 ms per all-reduce on 4 threads and 2
     * cores), which measures the scheduler's time slice, not the queues.
     */
    private static void pause(int spins) {
        if ((spins & 1023) == 0) {
            Thread.yield();
        } else {
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

    /**
     * Injected LogP delays on the raw side, ns, kept as the runtime's wall clock keeps them: a send
     * starts no earlier than {@code g} after the previous one and busies its thread for {@code o};
     * the message may be taken {@code L} after that; a receive starts no earlier than the arrival
     * and {@code g} after the previous receive, and busies its thread for {@code o}.
     */
    record Delays(long o, long latency, long g) {
        static final Delays NONE = new Delays(0, 0, 0);

        boolean any() {
            return o > 0 || latency > 0 || g > 0;
        }
    }

    /** One thread's send and receive clocks under {@link Delays}. */
    private static final class Clock {
        private final Delays d;
        private long nextSend;
        private long nextRecv;

        Clock(Delays d) {
            this.d = d;
        }

        void send(SpscChunkedVarHandleArrayQueue<Msg> q, int source, Object payload, long k) {
            if (!d.any()) {
                put(q, new Msg(source, 0, payload, 8, k, k));
                return;
            }
            long start = spinUntil(nextSend);
            nextSend = start + d.g();
            long end = spinUntil(start + d.o());
            put(q, new Msg(source, 0, payload, 8, start, end + d.latency()));
        }

        Object receive(SpscChunkedVarHandleArrayQueue<Msg> q) {
            Msg m = take(q);
            if (d.any()) {
                long start = spinUntil(Math.max(m.arrival(), nextRecv));
                nextRecv = start + d.g();
                spinUntil(start + d.o());
            }
            return m.payload();
        }

        private static long spinUntil(long deadline) {
            long t = System.nanoTime();
            while (t < deadline) {
                Thread.onSpinWait();
                t = System.nanoTime();
            }
            return t;
        }
    }

    /**
     * {@code rounds} broadcasts of one 8-byte item from thread 0 to {@code procs} threads by uniform
     * halving (the binomial tree), each thread forwarding to its children as soon as it has the
     * item; returns a checksum. The raw counterpart of the runtime's binomial multicast.
     */
    static long binomialBroadcast(int procs, int rounds, Delays delays) throws InterruptedException {
        return onThreads(procs, (queues, r) -> {
            Clock clock = new Clock(delays);
            long sum = 0;
            for (int k = 0; k < rounds; k++) {
                long value = r == 0 ? k : (Long) clock.receive(queues[parent(r)][r]);
                for (int step = Integer.highestOneBit(Math.max(1, procs - 1)) << 1; step > 1; step >>= 1) {
                    int half = step >> 1;
                    if ((r & (step - 1)) == 0 && r + half < procs) {
                        clock.send(queues[r][r + half], r, value, k);
                    }
                }
                sum += value;
            }
            return sum;
        });
    }

    /** {@code rounds} butterfly all-reduces (sum) over {@code procs} threads, a power of two; returns a checksum. */
    static long butterflyAllReduce(int procs, int rounds, Delays delays) throws InterruptedException {
        return onThreads(procs, (queues, r) -> {
            Clock clock = new Clock(delays);
            long sum = 0;
            for (int k = 0; k < rounds; k++) {
                long value = r + k;
                for (int bit = 1; bit < procs; bit <<= 1) {
                    int partner = r ^ bit;
                    clock.send(queues[r][partner], r, value, k);
                    value += (Long) clock.receive(queues[partner][r]);
                }
                sum += value;
            }
            return sum;
        });
    }

    /** The parent of {@code r} in the binomial tree rooted at 0: {@code r} without its lowest set bit. */
    private static int parent(int r) {
        return r & (r - 1);
    }

    /** A thread's part: its rank and the queues {@code [from][to]}. */
    private interface Part {
        long run(SpscChunkedVarHandleArrayQueue<Msg>[][] queues, int rank);
    }

    @SuppressWarnings("unchecked")
    private static long onThreads(int procs, Part part) throws InterruptedException {
        SpscChunkedVarHandleArrayQueue<Msg>[][] queues = new SpscChunkedVarHandleArrayQueue[procs][procs];
        for (int i = 0; i < procs; i++) {
            for (int j = 0; j < procs; j++) {
                queues[i][j] = i == j ? null : queue();
            }
        }
        long[] sums = new long[procs];
        Thread[] threads = new Thread[procs];
        for (int r = 1; r < procs; r++) {
            int rank = r;
            threads[r] = Thread.ofPlatform().start(() -> sums[rank] = part.run(queues, rank));
        }
        sums[0] = part.run(queues, 0);
        for (int r = 1; r < procs; r++) {
            threads[r].join();
        }
        return java.util.Arrays.stream(sums).sum();
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
