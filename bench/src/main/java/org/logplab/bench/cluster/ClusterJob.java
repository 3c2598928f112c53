package org.logplab.bench.cluster;

import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import org.logplab.balance.BalanceConfig;
import org.logplab.balance.BalanceRun;
import org.logplab.balance.Topology;
import org.logplab.balance.policy.Policies;
import org.logplab.balance.worker.BalanceWire;
import org.logplab.balance.worker.WorkerRecord;
import org.logplab.balance.workload.Workloads;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Program;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.allreduce.ButterflyAllReduce;
import org.logplab.core.collective.broadcast.OptimalBroadcast;
import org.logplab.core.collective.summation.OptimalSummation;
import org.logplab.core.collective.summation.SummationPlan;
import org.logplab.core.wire.WireCodec;
import org.logplab.fft.ButterflyExchangeFft;

/**
 * The programs a multi-process run can carry out, as {@code logplab node} and {@code logplab
 * launch} name them. Each is the project's own algorithm, unchanged; each rank leaves one
 * {@code long} result, so that runs split over processes can be compared with in-process runs
 * value for value.
 */
public enum ClusterJob {
    /** Optimal LogP broadcast of {@link #BROADCAST_VALUE} from rank 0; result: the value each rank got. */
    BROADCAST("optimal broadcast of one value from rank 0"),
    /** Butterfly all-reduce (sum) of {@code 7r + 3}; result: each rank's sum. */
    ALLREDUCE("butterfly all-reduce (sum) of 7r + 3 over the ranks"),
    /** Optimal summation of {@code n} operands {@code 3j + 1} to rank 0; result: the total at rank 0, -1 elsewhere. */
    SUMMATION("optimal summation of n operands 3j + 1 to rank 0"),
    /**
     * The butterfly-exchange FFT of {@code n} seeded random points, data distributed; result: a
     * digest of the bits of each rank's output block (equal digests, bit-identical output).
     */
    FFT("parallel FFT with butterfly exchange of n points (P and n powers of two)"),
    /** A token around the ring for {@code rounds} rounds, incremented by each rank; result: the last token each rank
     * saw. */
    RING("a token passed around the ring for the given rounds"),
    /**
     * A load balancer ({@code policy}) on the seed paper's scenario at load index {@code load}, one
     * balancing node per rank, capacities 20, 90, 30, 20, 40 repeated; result: a digest of the ids
     * each node executed, in order.
     */
    BALANCE("a load-balancing policy on the seed paper's scenario, one node per rank");

    /** The broadcast job's value. */
    public static final long BROADCAST_VALUE = 4242;
    private static final long FFT_SEED = 20261123;

    private final String description;

    ClusterJob(String description) {
        this.description = description;
    }

    /** What the job does. */
    public String description() {
        return description;
    }

    /** The job's name on the command line. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a command-line name.
     *
     * @throws IllegalArgumentException naming the known jobs
     */
    public static ClusterJob parse(String name) {
        for (ClusterJob j : values()) {
            if (j.cliName().equals(name)) {
                return j;
            }
        }
        throw new IllegalArgumentException("unknown job '" + name + "'; known: "
                + String.join(", ", Arrays.stream(values()).map(ClusterJob::cliName).toList()));
    }

    /**
     * A job's sizes.
     *
     * @param n operands (summation) or points (FFT)
     * @param rounds ring rounds
     * @param policy the balancing policy (balance)
     * @param load the seed scenario's load index (balance)
     */
    public record Sizes(long n, int rounds, String policy, int load) {
    }

    /** The wire codec that knows the job's payload types. */
    public WireCodec codec() {
        return this == BALANCE ? BalanceWire.codec() : new WireCodec();
    }

    /**
     * The program, writing each rank's result into {@code results}.
     *
     * @throws IllegalArgumentException if the sizes do not suit the job
     */
    public Program program(LogP params, ClockKind clock, Sizes sizes, AtomicLongArray results) {
        int P = params.P();
        long n = sizes.n();
        int rounds = sizes.rounds();
        return switch (this) {
            case BROADCAST -> p -> results.set(p.rank(),
                    (Long) new OptimalBroadcast().broadcast(p, Group.all(P, 0), p.rank() == 0 ? BROADCAST_VALUE
                    : null));
            case ALLREDUCE -> p -> results.set(p.rank(),
                    new ButterflyAllReduce().allReduce(p, Group.all(P, 0), 7L * p.rank() + 3, Long::sum, 1));
            case SUMMATION -> {
                if (n < 1) {
                    throw new IllegalArgumentException("summation needs n >= 1 operands, got " + n);
                }
                SummationPlan plan = SummationPlan.of(params, P, n);
                yield p -> {
                    OptionalLong total = new OptimalSummation().sum(p, Group.all(P, 0), plan, j -> 3 * j + 1,
                            Long::sum);
                    results.set(p.rank(), total.orElse(-1));
                };
            }
            case FFT -> fft(P, n, results);
            case RING -> {
                if (rounds < 1) {
                    throw new IllegalArgumentException("the ring needs at least 1 round, got " + rounds);
                }
                yield p -> {
                    int next = (p.rank() + 1) % P;
                    int prev = (p.rank() + P - 1) % P;
                    long token = 0;
                    for (int i = 0; i < rounds; i++) {
                        if (p.rank() == 0) {
                            p.send(next, 0, token + 1);
                            token = p.recv(prev).asLong();
                        } else {
                            token = p.recv(prev).asLong();
                            p.send(next, 0, token + 1);
                        }
                    }
                    results.set(p.rank(), token);
                };
            }
            case BALANCE -> balance(params, clock, sizes, results);
        };
    }

    private static Program balance(LogP params, ClockKind clock, Sizes sizes, AtomicLongArray results) {
        int P = params.P();
        long[] capacities = new long[P];
        long[] seedCapacities = {20, 90, 30, 20, 40};
        for (int i = 0; i < P; i++) {
            capacities[i] = seedCapacities[i % seedCapacities.length];
        }
        BalanceConfig config = new BalanceConfig(Workloads.seed(capacities, sizes.load(), 1), capacities,
                Topology.COMPLETE,
                Policies.parse(sizes.policy()), params.L(), params.o(), params.g(), clock, clock == ClockKind.MODEL ? 1
                : 1_000, 1,
                null);
        WorkerRecord[] records = new WorkerRecord[P];
        Program program = BalanceRun.program(config, records);
        return p -> {
            program.run(p);
            long digest = 1;
            for (long id : records[p.rank()].executedIds()) {
                digest = 31 * digest + id;
            }
            results.set(p.rank(), digest);
        };
    }

    /** What theory says each rank's result is, or null where only a comparison can tell (FFT). */
    public long[] expected(int P, Sizes sizes) {
        long n = sizes.n();
        int rounds = sizes.rounds();
        long[] e = new long[P];
        switch (this) {
            case BROADCAST -> Arrays.fill(e, BROADCAST_VALUE);
            case ALLREDUCE -> Arrays.fill(e, 7L * P * (P - 1) / 2 + 3L * P);
            case SUMMATION -> {
                Arrays.fill(e, -1);
                e[0] = 3 * n * (n - 1) / 2 + n;
            }
            case RING -> {
                // Rank 0 ends with the token after P increments per round; rank r > 0 saw
                // (rounds - 1) P + r and passed it on.
                for (int r = 0; r < P; r++) {
                    e[r] = r == 0 ? (long) rounds * P : (long) (rounds - 1) * P + r;
                }
            }
            case FFT, BALANCE -> {
                return null;
            }
        }
        return e;
    }

    private static Program fft(int P, long n, AtomicLongArray results) {
        if (Long.bitCount(n) != 1 || n < 2L * P || n > (1 << 26)) {
            throw new IllegalArgumentException("the FFT needs n a power of two with n >= 2P and n <= 2^26, got n = " + n
                    + ", P = " + P);
        }
        if (Integer.bitCount(P) != 1) {
            throw new IllegalArgumentException("the FFT needs P a power of two, got " + P);
        }
        int points = (int) n;
        return p -> {
            SplittableRandom random = new SplittableRandom(FFT_SEED);
            double[] x = new double[2 * points];
            for (int i = 0; i < x.length; i++) {
                x[i] = random.nextDouble(-1, 1);
            }
            double[] a = ButterflyExchangeFft.inputBlock(x, P, p.rank());
            ButterflyExchangeFft.transform(p, a, 1);
            long digest = 1;
            for (double v : a) {
                digest = 31 * digest + Double.doubleToLongBits(v);
            }
            results.set(p.rank(), digest);
        };
    }
}
