package org.logplab.bench.peers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * MPJ Express as a measured peer: runs {@code bench/peers/mpj/run.sh}, which lays out an
 * {@code MPJ_HOME} from Debian's {@code libmpj-java} in a cache folder, compiles
 * {@code LogpPeer.java} against its {@code mpj.jar} and runs it on 2 ranks of MPJ Express's
 * multicore device (threads of one JVM), and returns its measurements, in nanoseconds per
 * operation: the tests, flags and JSON Lines of the Open MPI peer ({@link MpiPeer}), read by the
 * same parser; {@link MpiPeer.Measurement#mpiVersion()} says {@code MPJ Express 0.44 (multicore)}.
 *
 * <p>The ranks run on the JDK of this process (its {@code java.home}, given to the script as
 * {@code JAVA_HOME}) when that is a JDK, so that both sides of a comparison have the same JIT.
 * The script's exit status decides the {@link PeerResult}: 0 gives {@link PeerResult.Measured},
 * {@value #EXIT_UNAVAILABLE} (MPJ Express not installed) gives {@link PeerResult.Unavailable}
 * with the script's one-line message naming the package to install ({@value #INSTALL}), anything
 * else, a timeout included, gives {@link PeerResult.Failed} with the tail of its standard error.
 */
public final class MpjPeer {
    /** The script, relative to the project root. */
    public static final String SCRIPT = "bench/peers/mpj/run.sh";
    /** The command that installs MPJ Express on Debian or Ubuntu (with log4j 1.2 and the commons jars). */
    public static final String INSTALL = "apt-get install libmpj-java";
    /** The script's exit status for bad usage (an unknown or malformed flag). */
    public static final int EXIT_USAGE = PeerScript.EXIT_USAGE;
    /** The script's exit status when MPJ Express (or a JDK to build the program) is not installed. */
    public static final int EXIT_UNAVAILABLE = PeerScript.EXIT_UNAVAILABLE;

    private MpjPeer() {
    }

    /**
     * Runs the peer and waits for it: {@code <projectRoot>/bench/peers/mpj/run.sh args...}, in
     * {@code projectRoot}, with this process's environment and {@code JAVA_HOME} set to this JDK.
     * The first run lays out MPJ Express and compiles the program (a few seconds). The script, the
     * launcher and the ranks' JVM are destroyed when it takes longer than {@code timeout}; the run
     * then gives a {@link PeerResult.Failed} with {@code timedOut}.
     *
     * @param projectRoot the folder holding {@value #SCRIPT} (see {@link #findProjectRoot()})
     * @param args        the peer's flags, e.g. {@code --rounds 3 --tests pingpong}; may be empty
     * @param timeout     how long the whole run may take; positive
     * @return the measurements, or why there are none; never null
     */
    public static PeerResult<MpiPeer.Measurement> run(Path projectRoot, List<String> args, Duration timeout) {
        return run(projectRoot, args, timeout, Map.of());
    }

    /**
     * As {@link #run(Path, List, Duration)}, with {@code environment} set over the inherited one
     * and this JDK's {@code JAVA_HOME}.
     */
    static PeerResult<MpiPeer.Measurement> run(Path projectRoot, List<String> args, Duration timeout,
            Map<String, String> environment) {
        Map<String, String> env = new HashMap<>();
        thisJdk().ifPresent(home -> env.put("JAVA_HOME", home.toString()));
        env.putAll(environment);
        return PeerScript.result(PeerScript.run(projectRoot, SCRIPT, args, timeout, env, "mpj-peer"), SCRIPT,
                "MPJ Express is not installed; on Debian or Ubuntu install it with: " + INSTALL, MpiPeer::parse);
    }

    /** The JDK this process runs on, when it has a compiler (a runtime image without one gives empty). */
    static Optional<Path> thisJdk() {
        Path home = Path.of(System.getProperty("java.home"));
        return Files.isExecutable(home.resolve("bin/javac")) ? Optional.of(home) : Optional.empty();
    }

    /**
     * Finds the project root: the folder holding {@value #SCRIPT}, searched as
     * {@link MpiPeer#findProjectRoot()} searches for its script ({@code logplab.home},
     * {@code LOGPLAB_HOME}, then up from this class and from the current directory).
     *
     * @return the project root, absolute and normalized, or empty when none was found
     */
    public static Optional<Path> findProjectRoot() {
        return PeerScript.findProjectRoot(SCRIPT);
    }
}
