package org.logplab.bench.experiment.versus;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.logplab.bench.experiment.versus.MessagePath.Test;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Progress;
import org.logplab.bench.peers.MpiRound;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.ThreadKind;

/**
 * The message path beside its floor and its peers, in alternation ({@code logplab versus}): ours
 * on 2 processors of a machine that stays up ({@link MessagePath}, wall clock, nothing injected),
 * the JCTools floor, and the Open MPI and MPJ Express peers ({@link MpiRound}). One test at a
 * time, after a warm-up, each round runs every side once; each side's figure is its median over
 * the rounds, ns per operation, so that a host whose speed drifts slows every side alike. A round
 * in which a thread of ours or of the floor was off its core for more than a tenth of its block
 * ({@link org.logplab.bench.experiment.OnCore}: another thread or program shared the core)
 * measured the scheduler, the slow mode of a bimodal figure: the medians of every side leave such
 * rounds out and say how many, unless every round was one.
 */
public final class VersusRounds {
    /** What one side's block of one case takes at the least, ns: its operations take some tens of milliseconds. */
    private static final double NANOS_PER_BLOCK = 20e6;

    /**
     * One case's medians, ns per operation; NaN where a side did not run it.
     *
     * @param test the case
     * @param ours the runtime's
     * @param floor JCTools' SPSC queue's
     * @param mpi Open MPI's
     * @param mpj MPJ Express's
     * @param sharedRounds the rounds in which a thread of ours or of the floor shared its core: left
     *     out of the medians, unless every round was one
     * @param rounds the rounds run
     */
    public record Medians(VersusCase test, double ours, double floor, double mpi, double mpj, int sharedRounds,
            int rounds) {
        /** Whether every round had a thread off its core, so that the medians are of such rounds. */
        public boolean allShared() {
            return sharedRounds == rounds;
        }
    }

    /**
     * What the rounds measured.
     *
     * @param medians one per case, in the order of the cases
     * @param mpiVersion the Open MPI library that ran, or null when it did not
     * @param mpjVersion the MPJ Express that ran, or null when it did not
     */
    public record Outcome(List<Medians> medians, String mpiVersion, String mpjVersion) {
    }

    private VersusRounds() {
    }

    /**
     * Refuses blocks that do not fit the heap (two ranks, a block and a spare each, of the largest
     * {@code 2^k} points) and rounds estimated beyond {@code maxNanos}: every side's block of every
     * case, the warm-up included, takes at least 20 ms.
     */
    public static void refuseWhatCannotRun(List<VersusCase> cases, List<Integer> exchangeLog2, int sides, int rounds,
            long maxNanos) {
        int largest = exchangeLog2.stream().mapToInt(Integer::intValue).max().orElse(1);
        Limits.heap(Limits.heapForArrays(4.0 * (16L << largest)), String.format("the exchange of blocks of 2^%d points"
                + " (two ranks, a block and a spare each)", largest));
        Limits.time((rounds + 1.0) * cases.size() * sides * NANOS_PER_BLOCK, maxNanos, String.format("%d rounds and a"
                + " warm-up of %d cases on %d sides, each at least %.0f ms", rounds, cases.size(), sides,
                NANOS_PER_BLOCK / 1e6));
    }

    /** The steps of {@link #run}'s progress: a warm-up and the rounds of each test. */
    public static long steps(List<VersusCase> cases, int rounds) {
        return (long) tests(cases).size() * (rounds + 1);
    }

    /**
     * Runs {@code rounds} rounds of every case, a step of {@code steps} for each test's warm-up and
     * round.
     *
     * @param floorOn whether the JCTools floor runs (on the tests without blocks)
     * @param mpiRoot the project folder of the Open MPI peer, or empty to leave it out
     * @param mpjRoot the project folder of the MPJ Express peer, or empty to leave it out
     * @param exchangeLog2 the block sizes of the exchanges, for the peers
     * @param notes where a peer's absence or failure is said
     */
    public static Outcome run(List<VersusCase> cases, int rounds, LatencySampling sampling, boolean floorOn,
            Optional<Path> mpiRoot, Optional<Path> mpjRoot, List<Integer> exchangeLog2, Progress steps,
            Consumer<String> notes)
            throws InterruptedException {
        Map<VersusCase, double[]> ours = new LinkedHashMap<>();
        Map<VersusCase, double[]> floor = new LinkedHashMap<>();
        Map<VersusCase, boolean[]> shared = new LinkedHashMap<>();
        for (VersusCase c : cases) {
            shared.put(c, new boolean[rounds]);
            ours.put(c, new double[rounds]);
            floor.put(c, new double[rounds]);
        }
        PeerRounds mpi = new PeerRounds(MpiRound.Peer.OPEN_MPI, mpiRoot, cases, rounds);
        PeerRounds mpj = new PeerRounds(MpiRound.Peer.MPJ_EXPRESS, mpjRoot, cases, rounds);
        RunConfig config = RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL).threads(ThreadKind.PLATFORM)
                .latency(sampling).build();
        try (Machine machine = Machine.open(config)) {
            // One test at a time, its rounds alternating the sides: the JIT compiles each test's
            // code from its own runs before it is measured (a test measured after others runs code
            // whose profile they shaped too), and a drifting host slows every side of a test alike.
            for (Test test : tests(cases)) {
                List<VersusCase> group = cases.stream().filter(c -> c.test() == test).toList();
                steps.step(test.label() + ": warming up");
                for (VersusCase c : group) {
                    MessagePath.ours(machine, c.test(), Math.max(1, c.operations() / 4), c.points());
                    if (floorOn && !test.hasBlock()) {
                        MessagePath.floor(c.test(), Math.max(1, c.operations() / 4));
                    }
                }
                for (int r = 0; r < rounds; r++) {
                    steps.step(test.label() + ": round " + (r + 1) + " of " + rounds);
                    for (VersusCase c : group) {
                        MessagePath.Block o = MessagePath.ours(machine, c.test(), c.operations(), c.points());
                        MessagePath.Block f = floorOn && !test.hasBlock() ? MessagePath.floor(c.test(),
                                c.operations()) : null;
                        ours.get(c)[r] = o.nanos();
                        floor.get(c)[r] = f == null ? Double.NaN : f.nanos();
                        shared.get(c)[r] = o.shared() || f != null && f.shared();
                    }
                    mpi.round(group, r, exchangeLog2, notes);
                    mpj.round(group, r, exchangeLog2, notes);
                }
            }
        }
        List<Medians> medians = cases.stream().map(c -> medians(c, ours.get(c), floor.get(c), mpi.figures(c),
                mpj.figures(c), shared.get(c))).toList();
        return new Outcome(medians, mpi.version(), mpj.version());
    }

    /** One case's medians over the rounds in which no thread shared its core, or over every round if each did. */
    static Medians medians(VersusCase c, double[] ours, double[] floor, double[] mpi, double[] mpj,
            boolean[] shared) {
        int n = 0;
        for (boolean s : shared) {
            n += s ? 1 : 0;
        }
        boolean keepAll = n == shared.length;
        return new Medians(c, median(clean(ours, shared, keepAll)), median(clean(floor, shared, keepAll)),
                median(clean(mpi, shared, keepAll)), median(clean(mpj, shared, keepAll)), n, shared.length);
    }

    /** {@code values} with the shared rounds' figures made NaN (unless {@code keepAll}). */
    private static double[] clean(double[] values, boolean[] shared, boolean keepAll) {
        double[] kept = values.clone();
        for (int r = 0; r < kept.length && !keepAll; r++) {
            if (shared[r]) {
                kept[r] = Double.NaN;
            }
        }
        return kept;
    }

    /** The distinct tests of {@code cases}, in their order. */
    private static List<Test> tests(List<VersusCase> cases) {
        return cases.stream().map(VersusCase::test).distinct().toList();
    }

    /** The median of the values that are not NaN; NaN when there are none. */
    static double median(double[] values) {
        double[] finite = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        return finite.length == 0 ? Double.NaN : finite.length % 2 == 1 ? finite[finite.length / 2]
                : (finite[finite.length / 2 - 1] + finite[finite.length / 2]) / 2;
    }
}
