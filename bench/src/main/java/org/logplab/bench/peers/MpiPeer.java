package org.logplab.bench.peers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Open MPI as a measured peer: runs {@code bench/peers/mpi/run.sh} (which builds and starts
 * {@code logp_peer.c} on 2 ranks of this host) and returns its measurements, in nanoseconds per
 * operation.
 *
 * <p>The script's exit status decides the {@link PeerResult<Measurement>}: 0 gives {@link PeerResult.Measured} with its
 * JSON
 * Lines parsed, {@value #EXIT_UNAVAILABLE} (Open MPI not installed) gives {@link PeerResult.Unavailable}
 * with the script's message, anything else, a timeout included, gives {@link PeerResult.Failed} with the
 * tail of its standard error.
 */
public final class MpiPeer {
    /** The script, relative to the project root. */
    public static final String SCRIPT = "bench/peers/mpi/run.sh";
    /** The script's exit status for bad usage (an unknown or malformed flag). */
    public static final int EXIT_USAGE = PeerScript.EXIT_USAGE;
    /** The script's exit status when Open MPI ({@code mpicc} or {@code mpirun}) is not installed. */
    public static final int EXIT_UNAVAILABLE = PeerScript.EXIT_UNAVAILABLE;
    /** How much of the script's standard error a {@link PeerResult.Failed} keeps, in characters (the end). */
    static final int STDERR_TAIL_CHARS = PeerScript.STDERR_TAIL_CHARS;

    private MpiPeer() {
    }

    /**
     * One line of the peer's output: one test, or one block size of {@code exchange}.
     *
     * @param test         {@code pingpong}, {@code stream}, {@code bcast}, {@code allreduce} or
     *                     {@code exchange}
     * @param sizeBytes    the message size in bytes: 8 for the first four, 2^k * 16 for exchange
     *                     (each way)
     * @param rounds       the timed rounds (after one untimed warm-up round)
     * @param iterations   the operations in each round
     * @param medianNs     the median over rounds of ns per operation: per round trip for
     *                     pingpong, per message for stream, per broadcast, all-reduce or exchange
     * @param minNs        the fastest round's ns per operation
     * @param maxNs        the slowest round's ns per operation
     * @param messagesPerS for stream only, messages per second from the median; null for the others
     * @param mpiVersion   the first line of {@code MPI_Get_library_version}
     */
    public record Measurement(String test, long sizeBytes, int rounds, long iterations, double medianNs,
            double minNs, double maxNs, Double messagesPerS, String mpiVersion) {
        /** Checks that the names are present. */
        public Measurement {
            Objects.requireNonNull(test, "test");
            Objects.requireNonNull(mpiVersion, "mpiVersion");
        }
    }

    /**
     * Runs the peer and waits for it: {@code <projectRoot>/bench/peers/mpi/run.sh args...}, in
     * {@code projectRoot}, with this process's environment. The first run builds the program
     * (a second or so). The script and the MPI processes it starts are destroyed when it takes
     * longer than {@code timeout}; the run then gives a {@link PeerResult.Failed} with {@code timedOut}.
     *
     * @param projectRoot the folder holding {@value #SCRIPT} (see {@link #findProjectRoot()})
     * @param args        the peer's flags, e.g. {@code --rounds 3 --tests pingpong}; may be empty
     * @param timeout     how long the whole run may take; positive
     * @return the measurements, or why there are none; never null
     */
    public static PeerResult<Measurement> run(Path projectRoot, List<String> args, Duration timeout) {
        return run(projectRoot, args, timeout, Map.of());
    }

    /** As {@link #run(Path, List, Duration)}, with {@code environment} set over the inherited one. */
    static PeerResult<Measurement> run(Path projectRoot, List<String> args, Duration timeout,
            Map<String, String> environment) {
        return PeerScript.result(PeerScript.run(projectRoot, SCRIPT, args, timeout, environment, "mpi-peer"), SCRIPT,
                "Open MPI is not installed", MpiPeer::parse);
    }

    /**
     * Parses the peer's JSON Lines: one {@link Measurement} per non-blank line. Required fields:
     * {@code test}, {@code size_bytes}, {@code rounds}, {@code iterations}, {@code median_ns},
     * {@code min_ns}, {@code max_ns}, {@code mpi_version}; {@code messages_per_s} is optional;
     * other fields ({@code peer}) are ignored.
     *
     * @param jsonLines the peer's standard output
     * @return the measurements in line order
     * @throws IllegalArgumentException naming the line, when one is not a JSON object with the
     *                                  required fields of the right types
     */
    public static List<Measurement> parse(String jsonLines) {
        List<Measurement> measurements = new ArrayList<>();
        for (PeerScript.Line l : PeerScript.objects(jsonLines)) {
            long rounds = l.integer("rounds");
            if (rounds < 1 || rounds > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("line " + l.number() + ": rounds out of range: " + rounds);
            }
            measurements.add(new Measurement(l.text("test"), l.integer("size_bytes"), (int) rounds,
                    l.integer("iterations"), l.number("median_ns"), l.number("min_ns"), l.number("max_ns"),
                    l.absent("messages_per_s") ? null : l.number("messages_per_s"), l.text("mpi_version")));
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

    /** The search of {@link #findProjectRoot()}, with its inputs given: {@code home} may be null. */
    static Optional<Path> findProjectRoot(String home, List<Path> starts) {
        return PeerScript.findProjectRoot(SCRIPT, home, starts);
    }
}
