package org.logplab.bench.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.logplab.bench.experiment.MessagePath;
import org.logplab.bench.experiment.MessagePath.Test;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Progress;
import org.logplab.bench.output.Row;
import org.logplab.bench.peers.MpiPeer;
import org.logplab.bench.peers.PeerResult;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.ThreadKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab versus}: the runtime's message path beside its floor and its peer, measured in
 * alternation in one invocation: ping-pong, streaming, broadcast and all-reduce of one 8-byte
 * value and the exchange of FFT blocks on 2 processors of a machine that stays up (wall clock,
 * nothing injected), against JCTools' plain SPSC queue between two threads (the floor) and Open
 * MPI on 2 ranks of this host (shared memory; {@code bench/peers/mpi}). One test at a time, each
 * round runs every side once; the figures are medians over the rounds, so that a host whose speed
 * drifts slows every side alike. Without Open MPI it says how to install it and shows the rest.
 *
 * <p>JSON Lines, one object per test and size: {@code test}, {@code size_bytes}, {@code rounds},
 * {@code latency}, {@code ours_ns}, {@code floor_ns}, {@code ours_per_floor}, {@code mpi_ns},
 * {@code mpi_per_ours} (ns per operation; ratios {@code null} where a side does not run the
 * test), {@code ours_messages_per_s} and {@code mpi_messages_per_s} for {@code stream},
 * {@code mpi_version}.
 */
@Command(name = "versus", header = "The message path beside JCTools (the floor) and Open MPI, in alternation.",
        description = {
            "Ping-pong, streaming, broadcast, all-reduce and block exchange on 2 processors of a machine",
            "that stays up, beside JCTools' SPSC queue and Open MPI (bench/peers/mpi) on the same host,",
            "alternating round by round; medians over the rounds and their ratios."})
final class VersusCommand extends RowsCommand {
    private static final Duration MPI_TIMEOUT = Duration.ofMinutes(3);

    @Option(names = "--peers", split = ",", defaultValue = "jctools,mpi",
            description = "Peers to run beside ours: jctools, mpi (default both).")
    List<String> peers;

    @Option(names = "--tests", split = ",", defaultValue = "pingpong,stream,bcast,allreduce,exchange,exchange-copy",
            description = "pingpong, stream, bcast, allreduce, exchange (blocks handed over), exchange-copy (each rank "
                    + "keeps its block and sends a copy); default all.")
    List<String> tests;

    @Option(names = "--rounds", defaultValue = "7", description = "Rounds, each side once per round (default 7).")
    int rounds;

    @Option(names = "--exchange-log2", split = ",", defaultValue = "10,14,18,19,20",
            description = "Block sizes of the exchanges, log2 of the complex points (16 bytes each); default 10,14,18,19,20.")
    List<Integer> exchangeLog2;

    // Sampled by default, unlike the other commands: every recorded message costs two clock reads,
    // as much as the channel operation itself, and would distort the throughput compared here.
    @Option(names = "--latency", converter = LatencyOptions.Converter.class, defaultValue = "sampled",
            paramLabel = "all|sampled|off|1/N", description = LatencyOptions.CHOICES + " Default sampled.")
    LatencySampling sampling;

    /** One case: a test at one size. */
    private record Case(Test test, int log2Points) {
        long sizeBytes() {
            return test.hasBlock() ? 16L << log2Points : 8;
        }

        int points() {
            return 1 << log2Points;
        }

        /** Operations per block of ours: a block takes some tens of milliseconds. */
        int operations() {
            return switch (test) {
                case STREAM -> 2_000_000;
                case EXCHANGE -> 100_000;
                case EXCHANGE_COPY -> (int) Math.max(16, Math.min(100_000, (1L << 27) / sizeBytes()));
                default -> 200_000;
            };
        }
    }

    @Mixin
    TimeLimitOptions timeLimit;

    /** What one side's block of one case takes at the least, ns: its operations are chosen to take some tens of milliseconds. */
    private static final double NANOS_PER_BLOCK = 20e6;

    @Override
    int execute() throws Exception {
        if (rounds < 1 || rounds > 1000) {
            throw new IllegalArgumentException("--rounds must be 1..1000, got " + rounds);
        }
        for (String peer : peers) {
            if (!List.of("jctools", "mpi").contains(peer)) {
                throw new IllegalArgumentException("--peers takes jctools and mpi, got '" + peer + "'");
            }
        }
        for (int k : exchangeLog2) {
            if (k < 1 || k > 24) {
                throw new IllegalArgumentException("--exchange-log2 values must be 1..24 (2 to 16 M points), got " + k);
            }
        }
        List<Case> rows = new ArrayList<>();
        for (String t : tests) {
            Test test = Test.parse(t);
            if (test.hasBlock()) {
                exchangeLog2.forEach(k -> rows.add(new Case(test, k)));
            } else {
                rows.add(new Case(test, 0));
            }
        }
        int largest = exchangeLog2.stream().mapToInt(Integer::intValue).max().orElse(1);
        Limits.heap(Limits.heapForArrays(4.0 * (16L << largest)), String.format("the exchange of blocks of 2^%d points (two ranks, a block"
                + " and a spare each)", largest));
        int sides = 1 + (peers.contains("jctools") ? 1 : 0) + (peers.contains("mpi") ? 1 : 0);
        timeLimit.check((rounds + 1.0) * rows.size() * sides * NANOS_PER_BLOCK, String.format("%d rounds and a warm-up of %d"
                + " cases on %d sides, each at least %.0f ms", rounds, rows.size(), sides, NANOS_PER_BLOCK / 1e6));
        warnIfOversubscribed(2);
        boolean floorOn = peers.contains("jctools");
        Optional<java.nio.file.Path> mpiRoot = peers.contains("mpi") ? mpiRoot() : Optional.empty();
        Map<Case, double[]> ours = new LinkedHashMap<>();
        Map<Case, double[]> floor = new LinkedHashMap<>();
        Map<Case, double[]> mpi = new LinkedHashMap<>();
        for (Case row : rows) {
            ours.put(row, new double[rounds]);
            floor.put(row, new double[rounds]);
            mpi.put(row, new double[rounds]);
        }
        String mpiVersion = null;
        RunConfig config = RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL).threads(ThreadKind.PLATFORM)
                .latency(sampling).build();
        try (Machine machine = Machine.open(config)) {
            // One test at a time, its rounds alternating the sides: the JIT compiles each test's
            // code from its own runs before it is measured (a test measured after others runs code
            // whose profile they shaped too), and a drifting host slows every side of a test alike.
            List<Test> order = rows.stream().map(Case::test).distinct().toList();
            try (Progress steps = progress("versus", (long) order.size() * (rounds + 1))) {
                for (Test test : order) {
                    List<Case> group = rows.stream().filter(r -> r.test() == test).toList();
                    steps.step(test.label() + ": warming up");
                    for (Case row : group) {
                        MessagePath.ours(machine, row.test(), Math.max(1, row.operations() / 4), row.points());
                        if (floorOn && !test.hasBlock()) {
                            MessagePath.floor(row.test(), Math.max(1, row.operations() / 4));
                        }
                    }
                    for (int r = 0; r < rounds; r++) {
                        steps.step(test.label() + ": round " + (r + 1) + " of " + rounds);
                        for (Case row : group) {
                            ours.get(row)[r] = MessagePath.ours(machine, row.test(), row.operations(), row.points());
                            floor.get(row)[r] = floorOn && !test.hasBlock() ? MessagePath.floor(row.test(), row.operations()) : Double.NaN;
                        }
                        if (mpiRoot.isPresent()) {
                            String version = mpiRound(mpiRoot.get(), group, mpi, r);
                            if (version == null) {
                                mpiRoot = Optional.empty();
                            } else {
                                mpiVersion = version;
                            }
                        } else {
                            for (Case row : group) {
                                mpi.get(row)[r] = Double.NaN;
                            }
                        }
                    }
                }
            }
        }
        report(rows, ours, floor, mpi, sampling, mpiVersion);
        return 0;
    }

    private Optional<java.nio.file.Path> mpiRoot() {
        Optional<java.nio.file.Path> root = MpiPeer.findProjectRoot();
        if (root.isEmpty()) {
            note("Open MPI peer skipped: cannot find the project folder holding " + MpiPeer.SCRIPT
                    + " (run from the project, or set LOGPLAB_HOME)");
        }
        return root;
    }

    /** One round of the MPI peer (one process, all tests); the version, or null when MPI is off from now on. */
    private String mpiRound(java.nio.file.Path root, List<Case> rows, Map<Case, double[]> mpi, int round) {
        List<String> mpiTests = rows.stream().map(r -> r.test() == Test.EXCHANGE_COPY || r.test() == Test.EXCHANGE
                ? "exchange" : r.test().label()).distinct().toList();
        List<String> args = new ArrayList<>(List.of("--rounds", "1", "--tests", String.join(",", mpiTests)));
        if (mpiTests.contains("exchange")) {
            args.addAll(List.of("--exchange-log2", String.join(",", exchangeLog2.stream().map(String::valueOf).toList())));
        }
        PeerResult<MpiPeer.Measurement> result = MpiPeer.run(root, args, MPI_TIMEOUT);
        switch (result) {
            case PeerResult.Unavailable<MpiPeer.Measurement> u -> {
                note("Open MPI peer skipped: " + u.message());
                return null;
            }
            case PeerResult.Failed<MpiPeer.Measurement> f -> {
                note("Open MPI peer failed (" + f.reason() + "); shown without it. " + f.stderrTail());
                return null;
            }
            case PeerResult.Measured<MpiPeer.Measurement> m -> {
                String version = null;
                for (Case row : rows) {
                    String name = row.test().hasBlock() ? "exchange" : row.test().label();
                    double ns = Double.NaN;
                    for (MpiPeer.Measurement x : m.measurements()) {
                        if (x.test().equals(name) && x.sizeBytes() == row.sizeBytes()) {
                            ns = x.medianNs();
                            version = x.mpiVersion();
                        }
                    }
                    mpi.get(row)[round] = ns;
                }
                return version == null ? "Open MPI" : version;
            }
        }
    }

    private void report(List<Case> rows, Map<Case, double[]> ours, Map<Case, double[]> floor, Map<Case, double[]> mpi,
                        LatencySampling sampling, String mpiVersion) {
        Output.Table table = output().table(Column.of("test", "test"), Column.of("size (B)", "size_bytes"),
                Column.of("ours (ns)", r -> fixed(r.get("ours_ns"))), Column.of("JCTools (ns)", r -> fixed(r.get("floor_ns"))),
                Column.of("ours/JCTools", r -> ratio(r.get("ours_per_floor"))), Column.of("Open MPI (ns)", r -> fixed(r.get("mpi_ns"))),
                Column.of("Open MPI/ours", r -> ratio(r.get("mpi_per_ours"))));
        for (Case row : rows) {
            double o = median(ours.get(row));
            double f = median(floor.get(row));
            double m = median(mpi.get(row));
            Row j = new Row().put("test", row.test().label()).put("size_bytes", row.sizeBytes())
                    .put("rounds", rounds).put("latency", sampling.toString()).put("ours_ns", o).put("floor_ns", nullIfNaN(f))
                    .put("ours_per_floor", nullIfNaN(o / f)).put("mpi_ns", nullIfNaN(m)).put("mpi_per_ours", nullIfNaN(m / o));
            if (row.test() == Test.STREAM) {
                j.put("ours_messages_per_s", 1e9 / o).put("mpi_messages_per_s", nullIfNaN(1e9 / m));
            }
            table.add(j.put("mpi_version", mpiVersion));
        }
        output().line("ns per operation (round trip, message, collective, exchange), medians of " + rounds
                + " alternating rounds; 2 processors, wall clock, nothing injected, latency " + sampling.describe() + ".");
        output().line("ours/JCTools: our time over the floor's (1.00x = level); Open MPI/ours: how many times faster ours is.");
        if (rows.stream().anyMatch(r -> r.test() == Test.STREAM)) {
            double o = median(ours.get(rows.stream().filter(r -> r.test() == Test.STREAM).findFirst().orElseThrow()));
            output().line(String.format("streaming: ours %.1f M messages/s", 1e3 / o));
        }
        if (rows.stream().anyMatch(r -> r.test() == Test.EXCHANGE)) {
            output().line("exchange hands each block over (a reference each way, the payload now belongs to the receiver);"
                    + " exchange-copy and Open MPI move the bytes.");
        }
        if (mpiVersion != null) {
            output().line("Open MPI: " + mpiVersion + ", 2 ranks, shared memory, mpirun --bind-to core");
        }
    }

    private static Object nullIfNaN(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
    }

    private static String fixed(Object value) {
        if (!(value instanceof Number n) || Double.isNaN(n.doubleValue())) {
            return "-";
        }
        double v = n.doubleValue();
        return v >= 100 ? String.format("%,.0f", v) : String.format("%.1f", v);
    }

    private static String ratio(Object value) {
        return value instanceof Number v && Double.isFinite(v.doubleValue()) ? String.format("%.2fx", v.doubleValue()) : "-";
    }

    private static double median(double[] values) {
        double[] finite = Arrays.stream(values).filter(v -> !Double.isNaN(v)).sorted().toArray();
        return finite.length == 0 ? Double.NaN : finite.length % 2 == 1 ? finite[finite.length / 2]
                : (finite[finite.length / 2 - 1] + finite[finite.length / 2]) / 2;
    }
}
