package org.logplab.bench.peers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * FFTW as a measured peer: runs {@code bench/peers/fftw/run.sh} (which builds and starts
 * {@code fftw_peer.c} on this host) and returns, for each size N = 2^k, the time of one 1-D
 * complex forward FFT of N points by FFTW: in place, interleaved complex doubles, planned with
 * {@code FFTW_MEASURE}, one thread, in nanoseconds per transform.
 *
 * <p>The script's exit status decides the {@link PeerResult<Measurement>}: 0 gives {@link PeerResult.Measured} with its
 * JSON
 * Lines parsed, {@value #EXIT_UNAVAILABLE} (FFTW or a C compiler not installed) gives
 * {@link PeerResult.Unavailable} with the script's message, anything else, a timeout included, gives
 * {@link PeerResult.Failed} with the tail of its standard error.
 */
public final class FftwPeer {
    /** The script, relative to the project root. */
    public static final String SCRIPT = "bench/peers/fftw/run.sh";
    /** The script's exit status for bad usage (an unknown or malformed flag). */
    public static final int EXIT_USAGE = PeerScript.EXIT_USAGE;
    /**
     * The script's exit status when FFTW ({@code fftw3.h} and {@code libfftw3}), or the C compiler
     * that builds the peer, is not installed.
     */
    public static final int EXIT_UNAVAILABLE = PeerScript.EXIT_UNAVAILABLE;
    /** The smallest size the peer measures, as log2 N. */
    public static final int MIN_LOG2 = 1;
    /** The largest size the peer measures, as log2 N (2^24 points: 256 MiB of complex doubles). */
    public static final int MAX_LOG2 = 24;
    /** The most timed rounds per size. */
    public static final int MAX_ROUNDS = 1000;
    /** How much of the script's standard error a {@link PeerResult.Failed} keeps, in characters (the end). */
    static final int STDERR_TAIL_CHARS = PeerScript.STDERR_TAIL_CHARS;

    private FftwPeer() {
    }

    /**
     * One line of the peer's output: the timing of one transform size.
     *
     * @param n          the transform size in complex points, {@code 2^log2n}
     * @param log2n      log2 of {@code n}
     * @param rounds     the timed rounds (after one untimed warm-up round)
     * @param iterations the transforms in each round: enough for a round to last at least about
     *                   50 ms (at least 1)
     * @param medianNs   the median over rounds of ns per transform
     * @param minNs      the fastest round's ns per transform
     * @param maxNs      the slowest round's ns per transform
     * @param gflops     {@code 5 n log2(n) / medianNs}: the conventional flop count of a complex FFT,
     *                   in GFLOP/s (flops per ns)
     * @param version    FFTW's version string ({@code fftw_version}), e.g. {@code fftw-3.3.10-sse2-avx}
     */
    public record Measurement(long n, int log2n, int rounds, long iterations, double medianNs, double minNs,
            double maxNs, double gflops, String version) {
        /** Checks that the version is present. */
        public Measurement {
            Objects.requireNonNull(version, "version");
        }
    }

    /**
     * Measures FFTW for each size {@code 2^k}, k in {@code log2Sizes}, running the script of the
     * project found by {@link #findProjectRoot()}; as {@link #run(Path, List, int, Duration)}.
     * When no project root is found, gives a {@link PeerResult.Failed} (exit code -1) saying so.
     *
     * @param log2Sizes the sizes as log2 N, each in [{@value #MIN_LOG2}, {@value #MAX_LOG2}],
     *                  measured in this order; not empty
     * @param rounds    the timed rounds per size, in [1, {@value #MAX_ROUNDS}]
     * @param timeout   how long the whole run may take (planning and checking included); positive
     * @return the measurements, or why there are none; never null
     * @throws IllegalArgumentException when a size, the rounds or the timeout is out of range
     */
    public static PeerResult<Measurement> run(List<Integer> log2Sizes, int rounds, Duration timeout) {
        List<String> args = arguments(log2Sizes, rounds);
        checkTimeout(timeout);
        Optional<Path> root = findProjectRoot();
        if (root.isEmpty()) {
            return new PeerResult.Failed<>(-1, false, "cannot find the project folder holding " + SCRIPT
                    + " (run from the project, or set the system property logplab.home or LOGPLAB_HOME)", "");
        }
        return measure(root.get(), log2Sizes, args, timeout);
    }

    /**
     * Measures FFTW for each size {@code 2^k}, k in {@code log2Sizes}:
     * {@code <projectRoot>/bench/peers/fftw/run.sh --check --log2 k1,k2,... --rounds R}, in
     * {@code projectRoot}, with this process's environment. The first run builds the program (a
     * second or so). Before timing, the peer checks FFTW's transforms of the requested sizes up to
     * 2^12 (of 2^10 when none is that small) against a naive DFT: a relative RMS error above
     * 1e-12 fails the run. Planning with {@code FFTW_MEASURE} is not timed but takes time: a few
     * seconds at 2^22. Each size then takes about {@code (rounds + 2) * 50 ms} (calibration and
     * warm-up included). The script and its program are destroyed when the run takes longer than
     * {@code timeout}; it then gives a {@link PeerResult.Failed} with {@code timedOut}.
     *
     * @param projectRoot the folder holding {@value #SCRIPT} (see {@link #findProjectRoot()})
     * @param log2Sizes   the sizes as log2 N, each in [{@value #MIN_LOG2}, {@value #MAX_LOG2}],
     *                    measured in this order; not empty
     * @param rounds      the timed rounds per size, in [1, {@value #MAX_ROUNDS}]
     * @param timeout     how long the whole run may take; positive
     * @return the measurements, one per requested size in the order given, or why there are none;
     *         never null
     * @throws IllegalArgumentException when a size, the rounds or the timeout is out of range
     */
    public static PeerResult<Measurement> run(Path projectRoot, List<Integer> log2Sizes, int rounds, Duration timeout) {
        Objects.requireNonNull(projectRoot, "projectRoot");
        List<String> args = arguments(log2Sizes, rounds);
        checkTimeout(timeout);
        return measure(projectRoot, log2Sizes, args, timeout);
    }

    /** Runs the script with {@code args}, then checks that it measured the sizes asked for. */
    private static PeerResult<Measurement> measure(Path projectRoot, List<Integer> log2Sizes, List<String> args,
            Duration timeout) {
        PeerResult<Measurement> r = run(projectRoot, args, timeout, Map.of());
        if (r instanceof PeerResult.Measured<Measurement> m) {
            List<Integer> got = m.measurements().stream().map(Measurement::log2n).toList();
            if (!got.equals(log2Sizes)) {
                return new PeerResult.Failed<>(0, false, "unexpected output: measured sizes 2^" + got + ", asked for 2^"
                        + log2Sizes, "");
            }
        }
        return r;
    }

    /**
     * The script's flags for a run: {@code --check --log2 k1,k2,... --rounds R}.
     *
     * @throws IllegalArgumentException when a size or the rounds are out of range
     */
    static List<String> arguments(List<Integer> log2Sizes, int rounds) {
        Objects.requireNonNull(log2Sizes, "log2Sizes");
        if (log2Sizes.isEmpty()) {
            throw new IllegalArgumentException("no sizes to measure");
        }
        for (Integer k : log2Sizes) {
            if (k == null || k < MIN_LOG2 || k > MAX_LOG2) {
                throw new IllegalArgumentException("log2 size must be in [" + MIN_LOG2 + ", " + MAX_LOG2 + "]: " + k);
            }
        }
        if (rounds < 1 || rounds > MAX_ROUNDS) {
            throw new IllegalArgumentException("rounds must be in [1, " + MAX_ROUNDS + "]: " + rounds);
        }
        String sizes = log2Sizes.stream().map(String::valueOf).collect(Collectors.joining(","));
        return List.of("--check", "--log2", sizes, "--rounds", String.valueOf(rounds));
    }

    private static void checkTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
    }

    /** Runs the script with {@code args} as they are, {@code environment} set over the inherited one. */
    static PeerResult<Measurement> run(Path projectRoot, List<String> args, Duration timeout,
            Map<String, String> environment) {
        return PeerScript.result(PeerScript.run(projectRoot, SCRIPT, args, timeout, environment, "fftw-peer"), SCRIPT,
                "FFTW is not installed", FftwPeer::parse);
    }

    /**
     * Parses the peer's JSON Lines: one {@link Measurement} per non-blank line. Required fields:
     * {@code n}, {@code log2n} (with {@code n = 2^log2n}), {@code rounds} (at least 1),
     * {@code iterations} (at least 1), {@code median_ns}, {@code min_ns}, {@code max_ns},
     * {@code gflops}, {@code version}; other fields ({@code peer}) are ignored.
     *
     * @param jsonLines the peer's standard output
     * @return the measurements in line order
     * @throws IllegalArgumentException naming the line, when one is not a JSON object with the
     *                                  required fields of the right types
     */
    public static List<Measurement> parse(String jsonLines) {
        List<Measurement> measurements = new ArrayList<>();
        for (PeerScript.Line l : PeerScript.objects(jsonLines)) {
            long n = l.integer("n");
            int log2n = (int) l.integer("log2n", 0, 62);
            if (n != 1L << log2n) {
                throw l.error("n is not 2^log2n");
            }
            measurements.add(new Measurement(n, log2n, (int) l.integer("rounds", 1, Integer.MAX_VALUE),
                    l.integer("iterations", 1, Long.MAX_VALUE), l.number("median_ns"), l.number("min_ns"),
                    l.number("max_ns"), l.number("gflops"), l.text("version")));
        }
        return measurements;
    }

    /**
     * Finds the project root: the folder holding {@value #SCRIPT}. When the system property
     * {@code logplab.home}, else the environment variable {@code LOGPLAB_HOME}, is set, that
     * folder and only it (empty when it lacks the script); otherwise the nearest folder holding
     * the script walking up from where this class was loaded ({@code bench/target/logplab.jar}
     * or {@code bench/target/classes}), then walking up from the current directory.
     *
     * @return the project root, absolute and normalized, or empty when none was found
     */
    public static Optional<Path> findProjectRoot() {
        return PeerScript.findProjectRoot(SCRIPT);
    }
}
