package org.logplab.bench.experiment.versus;

import java.util.Arrays;
import java.util.function.LongSupplier;
import org.jctools.queues.varhandle.SpscVarHandleArrayQueue;
import org.logplab.bench.experiment.OnCore;

/**
 * The floor the runtime's channels are measured against: platform threads exchanging payloads
 * through JCTools' fastest single-producer single-consumer queue ({@link SpscVarHandleArrayQueue},
 * fixed capacity, nothing allocated beyond the payload), with busy-spin waits that yield now and
 * then. With nothing injected a message is the payload itself (a {@code Long}); with injected
 * delays it is a small record carrying the two time stamps the delays need, allocated per send.
 */
public final class RawSpsc {
    /** Queue capacity in messages, as the runtime's channels start: a burst fits without a wait. */
    private static final int CAPACITY = 1 << 10;

    /** A message with the time stamps that injected delays need. */
    private record Stamped(Long payload, long sendStart, long arrival) {
    }

    private RawSpsc() {
    }

    private static SpscVarHandleArrayQueue<Object> queue() {
        return new SpscVarHandleArrayQueue<>(CAPACITY);
    }

    private static Object take(SpscVarHandleArrayQueue<Object> q) {
        Object m;
        for (int spins = 1; (m = q.poll()) == null; spins++) {
            pause(spins);
        }
        return m;
    }

    private static void put(SpscVarHandleArrayQueue<Object> q, Object m) {
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

    /** {@code n} round trips of {@code payload}; returns a checksum. */
    public static long pingPong(int n, Long payload) throws InterruptedException {
        return pingPong(n, payload, new OnCore(2));
    }

    /** As {@link #pingPong(int, Long)}, the share of the block each thread spent on a core in {@code onCore}. */
    public static long pingPong(int n, Long payload, OnCore onCore) throws InterruptedException {
        SpscVarHandleArrayQueue<Object> there = queue();
        SpscVarHandleArrayQueue<Object> back = queue();
        Thread echo = Thread.ofPlatform().start(() -> {
            onCore.begin(1);
            for (int i = 0; i < n; i++) {
                put(back, take(there));
            }
            onCore.end(1);
        });
        onCore.begin(0);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            put(there, payload);
            sum += (Long) take(back);
        }
        onCore.end(0);
        echo.join();
        return sum;
    }

    /** {@code n} offers and polls of {@code payload} on this thread, one queue; returns a checksum. */
    public static long oneThread(int n, Long payload) {
        SpscVarHandleArrayQueue<Object> q = queue();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            q.offer(payload);
            sum += (Long) q.poll();
        }
        return sum;
    }

    /** {@code n} messages one way; returns a checksum. */
    public static long stream(int n, Long payload) throws InterruptedException {
        return stream(n, payload, new OnCore(2));
    }

    /** As {@link #stream(int, Long)}, the share of the block each thread spent on a core in {@code onCore}. */
    public static long stream(int n, Long payload, OnCore onCore) throws InterruptedException {
        SpscVarHandleArrayQueue<Object> q = queue();
        long[] sum = new long[1];
        Thread consumer = Thread.ofPlatform().start(() -> {
            onCore.begin(1);
            long s = 0;
            for (int i = 0; i < n; i++) {
                s += (Long) take(q);
            }
            sum[0] = s;
            onCore.end(1);
        });
        onCore.begin(0);
        for (int i = 0; i < n; i++) {
            put(q, payload);
        }
        onCore.end(0);
        consumer.join();
        return sum[0];
    }

    /**
     * Injected LogP delays on the raw side, ns, kept as the runtime's wall clock keeps them: a send
     * starts no earlier than {@code g} after the previous one and busies its thread for {@code o};
     * the message may be taken {@code L} after that; a receive starts no earlier than the arrival
     * and {@code g} after the previous receive, and busies its thread for {@code o}.
     */
    public record Delays(long o, long latency, long g) {
        /** No delay. */
        public static final Delays NONE = new Delays(0, 0, 0);

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

        void send(SpscVarHandleArrayQueue<Object> q, long value) {
            if (!d.any()) {
                put(q, value);
                return;
            }
            long start = spinUntil(nextSend);
            nextSend = start + d.g();
            long end = spinUntil(start + d.o());
            put(q, new Stamped(value, start, end + d.latency()));
        }

        long receive(SpscVarHandleArrayQueue<Object> q) {
            Object m = take(q);
            if (!(m instanceof Stamped s)) {
                return (Long) m;
            }
            long start = spinUntil(Math.max(s.arrival(), nextRecv));
            nextRecv = start + d.g();
            spinUntil(start + d.o());
            return s.payload();
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
    public static long binomialBroadcast(int procs, int rounds, Delays delays) throws InterruptedException {
        return binomialBroadcast(procs, rounds, delays, new OnCore(procs));
    }

    /**
     * As {@link #binomialBroadcast(int, int, Delays)}, each thread's share of the block on a core in
     * {@code onCore}.
     */
    public static long binomialBroadcast(int procs, int rounds, Delays delays, OnCore onCore)
            throws InterruptedException {
        return onThreads(procs, onCore, (queues, r) -> {
            Clock clock = new Clock(delays);
            long sum = 0;
            for (int k = 0; k < rounds; k++) {
                long value = r == 0 ? k : clock.receive(queues[parent(r)][r]);
                for (int step = Integer.highestOneBit(Math.max(1, procs - 1)) << 1; step > 1; step >>= 1) {
                    int half = step >> 1;
                    if ((r & (step - 1)) == 0 && r + half < procs) {
                        clock.send(queues[r][r + half], value);
                    }
                }
                sum += value;
            }
            return sum;
        });
    }

    /** {@code rounds} butterfly all-reduces (sum) over {@code procs} threads, a power of two; returns a checksum. */
    public static long butterflyAllReduce(int procs, int rounds, Delays delays) throws InterruptedException {
        return butterflyAllReduce(procs, rounds, delays, new OnCore(procs));
    }

    /**
     * As {@link #butterflyAllReduce(int, int, Delays)}, each thread's share of the block on a core in
     * {@code onCore}.
     */
    public static long butterflyAllReduce(int procs, int rounds, Delays delays, OnCore onCore)
            throws InterruptedException {
        return onThreads(procs, onCore, (queues, r) -> {
            Clock clock = new Clock(delays);
            long sum = 0;
            for (int k = 0; k < rounds; k++) {
                long value = r + k;
                for (int bit = 1; bit < procs; bit <<= 1) {
                    int partner = r ^ bit;
                    clock.send(queues[r][partner], value);
                    value += clock.receive(queues[partner][r]);
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

    private static long timed(OnCore onCore, int rank, LongSupplier part) {
        onCore.begin(rank);
        long sum = part.getAsLong();
        onCore.end(rank);
        return sum;
    }

    /** A thread's part: its rank and the queues {@code [from][to]}. */
    private interface Part {
        long run(SpscVarHandleArrayQueue<Object>[][] queues, int rank);
    }

    @SuppressWarnings("unchecked")
    private static long onThreads(int procs, OnCore onCore, Part part) throws InterruptedException {
        SpscVarHandleArrayQueue<Object>[][] queues = new SpscVarHandleArrayQueue[procs][procs];
        for (int i = 0; i < procs; i++) {
            for (int j = 0; j < procs; j++) {
                queues[i][j] = i == j ? null : queue();
            }
        }
        long[] sums = new long[procs];
        Thread[] threads = new Thread[procs];
        for (int r = 1; r < procs; r++) {
            int rank = r;
            threads[r] = Thread.ofPlatform()
                    .start(() -> sums[rank] = timed(onCore, rank, () -> part.run(queues, rank)));
        }
        sums[0] = timed(onCore, 0, () -> part.run(queues, 0));
        for (int r = 1; r < procs; r++) {
            threads[r].join();
        }
        return Arrays.stream(sums).sum();
    }
}
