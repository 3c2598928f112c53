package org.logplab.bench.experiment.versus;

import java.util.Locale;
import org.logplab.bench.experiment.OnCore;
import org.logplab.core.Machine;
import org.logplab.core.Processor;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.allreduce.ButterflyAllReduce;
import org.logplab.core.collective.broadcast.BinomialMulticast;

/**
 * The message path's elementary operations on 2 processors, timed as blocks of many operations:
 * on the runtime (a machine that stays up, wall clock, nothing injected) and on the floor
 * ({@link RawSpsc}: JCTools' plain SPSC queue between two platform threads). Each block returns
 * nanoseconds per operation: per round trip, per message, per collective, per block exchange.
 * The same operations as the Open MPI peer's ({@code bench/peers/mpi}), for side-by-side runs.
 */
public final class MessagePath {
    private static final int TAG = 0x3E5;
    private static final Long PAYLOAD = 42L;

    /** One elementary operation. */
    public enum Test {
        /** Round trip of one 8-byte value. */
        PINGPONG("pingpong"),
        /** One 8-byte message one way, back to back. */
        STREAM("stream"),
        /** Broadcast of one 8-byte value from rank 0 (binomial tree, primitive messages), back to back. */
        BCAST("bcast"),
        /** All-reduce (sum) of one 8-byte value (butterfly), back to back. */
        ALLREDUCE("allreduce"),
        /** Both ranks hand their FFT block to each other and take the partner's: a reference each way. */
        EXCHANGE("exchange"),
        /** As {@link #EXCHANGE}, but each rank keeps its block: it sends a copy (as MPI_Sendrecv moves the bytes). */
        EXCHANGE_COPY("exchange-copy");

        private final String label;

        Test(String label) {
            this.label = label;
        }

        /** The name on the command line and in JSON ({@code pingpong}, {@code exchange-copy}, ...). */
        public String label() {
            return label;
        }

        /** Whether the operation moves a block of a given size. */
        public boolean hasBlock() {
            return this == EXCHANGE || this == EXCHANGE_COPY;
        }

        /** Parses a label. */
        public static Test parse(String text) {
            for (Test t : values()) {
                if (t.label.equals(text.trim().toLowerCase(Locale.ROOT))) {
                    return t;
                }
            }
            throw new IllegalArgumentException("unknown test '" + text
                    + "': pingpong, stream, bcast, allreduce, exchange or exchange-copy");
        }
    }

    /**
     * A timed block.
     *
     * @param nanos ns per operation
     * @param onCore the least share of the block a thread of it spent on a core ({@link OnCore#least()})
     */
    public record Block(double nanos, double onCore) {
        /** Whether a thread of the block shared its core with another thread or program. */
        public boolean shared() {
            return OnCore.shared(onCore);
        }
    }

    private MessagePath() {
    }

    /**
     * {@code n} operations of {@code test} on {@code machine} (2 processors); {@code points}
     * complex points per block for the exchanges.
     */
    public static Block ours(Machine machine, Test test, int n, int points) {
        OnCore onCore = oneWay(test, new OnCore(2));
        long start = System.nanoTime();
        machine.run(p -> {
            onCore.begin(p.rank());
            switch (test) {
                case PINGPONG -> pingPong(p, n);
                case STREAM -> stream(p, n);
                case BCAST -> bcast(p, n);
                case ALLREDUCE -> allReduce(p, n);
                case EXCHANGE -> exchange(p, n, points, false);
                case EXCHANGE_COPY -> exchange(p, n, points, true);
            }
            onCore.end(p.rank());
        });
        return new Block((System.nanoTime() - start) / (double) n, onCore.least());
    }

    /**
     * {@code n} operations of {@code test} on the floor.
     *
     * @throws IllegalArgumentException for the exchanges, which the floor does not measure
     */
    public static Block floor(Test test, int n) throws InterruptedException {
        OnCore onCore = oneWay(test, new OnCore(2));
        long start = System.nanoTime();
        long sum = switch (test) {
            case PINGPONG -> RawSpsc.pingPong(n, PAYLOAD, onCore);
            case STREAM -> RawSpsc.stream(n, PAYLOAD, onCore);
            case BCAST -> RawSpsc.binomialBroadcast(2, n, RawSpsc.Delays.NONE, onCore);
            case ALLREDUCE -> RawSpsc.butterflyAllReduce(2, n, RawSpsc.Delays.NONE, onCore);
            default -> throw new IllegalArgumentException("the JCTools floor measures no " + test.label());
        };
        double nanos = (System.nanoTime() - start) / (double) n;
        return new Block(sum == Long.MIN_VALUE ? -nanos : nanos, onCore.least()); // keeps the checksum alive
    }

    /**
     * {@code onCore}, leaving out rank 0 where it only sends ({@code stream}, {@code bcast}): a
     * sender that runs ahead waits for room in the full channel, and the runtime's sender parks
     * while it waits, by choice; the receiver, which only spins, judges the block.
     */
    private static OnCore oneWay(Test test, OnCore onCore) {
        return test == Test.STREAM || test == Test.BCAST ? onCore.excluding(0) : onCore;
    }

    private static void pingPong(Processor p, int n) {
        if (p.rank() == 0) {
            long sum = 0;
            for (int i = 0; i < n; i++) {
                p.sendLong(1, TAG, i);
                sum += p.recvLong(1, TAG);
            }
            check(sum == (long) n * (n - 1) / 2, "ping-pong checksum " + sum);
        } else {
            for (int i = 0; i < n; i++) {
                p.sendLong(0, TAG, p.recvLong(0, TAG));
            }
        }
    }

    private static void stream(Processor p, int n) {
        if (p.rank() == 0) {
            for (int i = 0; i < n; i++) {
                p.sendLong(1, TAG, i);
            }
        } else {
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += p.recvLong(0, TAG);
            }
            check(sum == (long) n * (n - 1) / 2, "stream checksum " + sum);
        }
    }

    private static void bcast(Processor p, int n) {
        BinomialMulticast b = new BinomialMulticast();
        Group all = Group.all(2, 0);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += b.broadcastLong(p, all, p.rank() == 0 ? i : -1);
        }
        check(sum == (long) n * (n - 1) / 2, "broadcast checksum " + sum);
    }

    private static void allReduce(Processor p, int n) {
        ButterflyAllReduce b = new ButterflyAllReduce();
        Group all = Group.all(2, 0);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += b.allReduce(p, all, i + p.rank(), Long::sum, 0);
        }
        check(sum == (long) n * n, "all-reduce checksum " + sum);
    }

    private static void exchange(Processor p, int n, int points, boolean copy) {
        int partner = 1 - p.rank();
        double[] block = new double[2 * points];
        double[] spare = copy ? new double[2 * points] : null;
        block[0] = p.rank();
        for (int i = 0; i < n; i++) {
            double[] out = block;
            if (copy) {
                System.arraycopy(block, 0, spare, 0, block.length);
                out = spare;
            }
            p.send(partner, TAG, out, 16 * points);
            double[] theirs = p.recv(partner).asDoubles();
            if (copy) {
                spare = block;
            }
            block = theirs;
        }
        check(block[0] == (n % 2 == 0 ? p.rank() : partner), "exchange ended with block of rank " + block[0]);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("wrong result: " + what);
        }
    }
}
