package org.logplab.bench.peers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Open MPI as a measured peer: runs {@code bench/peers/mpi/run.sh} (which builds and starts
 * {@code logp_peer.c} on 2 ranks of this host) and returns its measurements, in nanoseconds per
 * operation.
 *
 * <p>The script's exit status decides the {@link Result}: 0 gives {@link Measured} with its JSON
 * Lines parsed, {@value #EXIT_UNAVAILABLE} (Open MPI not installed) gives {@link Unavailable}
 * with the script's message, anything else, a timeout included, gives {@link Failed} with the
 * tail of its standard error.
 */
public final class MpiPeer {
    /** The script, relative to the project root. */
    public static final String SCRIPT = "bench/peers/mpi/run.sh";
    /** The script's exit status for bad usage (an unknown or malformed flag). */
    public static final int EXIT_USAGE = 2;
    /** The script's exit status when Open MPI ({@code mpicc} or {@code mpirun}) is not installed. */
    public static final int EXIT_UNAVAILABLE = 3;
    /** How much of the script's standard error a {@link Failed} keeps, in characters (the end). */
    static final int STDERR_TAIL_CHARS = 4_000;
    /** How long a timed-out process tree gets between SIGTERM and SIGKILL. */
    private static final Duration GRACE = Duration.ofSeconds(2);
    private static final ObjectMapper MAPPER = new ObjectMapper();

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

    /** What a run gave: {@link Measured}, {@link Unavailable} or {@link Failed}. */
    public sealed interface Result permits Measured, Unavailable, Failed {
    }

    /**
     * The run succeeded (exit status 0).
     *
     * @param measurements one per output line, in the peer's order (empty when it printed none)
     */
    public record Measured(List<Measurement> measurements) implements Result {
        /** Keeps an unmodifiable copy. */
        public Measured {
            measurements = List.copyOf(measurements);
        }
    }

    /**
     * Open MPI is not installed here (exit status {@value #EXIT_UNAVAILABLE}).
     *
     * @param message the script's explanation: what is missing and how to install it
     */
    public record Unavailable(String message) implements Result {
    }

    /**
     * The run failed: a non-zero exit status other than {@value #EXIT_UNAVAILABLE}, a timeout, a
     * script that could not be started, or output that is not the expected JSON Lines.
     *
     * @param exitCode   the script's exit status, or -1 when it timed out or did not start
     * @param timedOut   whether it was destroyed, with its descendants, for exceeding the timeout
     * @param reason     one line saying what went wrong
     * @param stderrTail the end of its standard error (at most {@value #STDERR_TAIL_CHARS} chars)
     */
    public record Failed(int exitCode, boolean timedOut, String reason, String stderrTail) implements Result {
    }

    /**
     * Runs the peer and waits for it: {@code <projectRoot>/bench/peers/mpi/run.sh args...}, in
     * {@code projectRoot}, with this process's environment. The first run builds the program
     * (a second or so). The script and the MPI processes it starts are destroyed when it takes
     * longer than {@code timeout}; the run then gives a {@link Failed} with {@code timedOut}.
     *
     * @param projectRoot the folder holding {@value #SCRIPT} (see {@link #findProjectRoot()})
     * @param args        the peer's flags, e.g. {@code --rounds 3 --tests pingpong}; may be empty
     * @param timeout     how long the whole run may take; positive
     * @return the measurements, or why there are none; never null
     */
    public static Result run(Path projectRoot, List<String> args, Duration timeout) {
        return run(projectRoot, args, timeout, Map.of());
    }

    /** As {@link #run(Path, List, Duration)}, with {@code environment} set over the inherited one. */
    static Result run(Path projectRoot, List<String> args, Duration timeout, Map<String, String> environment) {
        Objects.requireNonNull(projectRoot, "projectRoot");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        Path script = projectRoot.resolve(SCRIPT);
        if (!Files.isRegularFile(script)) {
            return new Failed(-1, false, "no " + SCRIPT + " under " + projectRoot, "");
        }
        List<String> command = new ArrayList<>();
        command.add(script.toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(projectRoot.toFile());
        pb.environment().putAll(environment);
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            return new Failed(-1, false, "cannot start " + script + ": " + e.getMessage(), "");
        }
        try {
            process.getOutputStream().close(); // nothing to forward to rank 0
        } catch (IOException e) { // already closed: the same
        }
        Drain out = Drain.start(process.getInputStream(), Integer.MAX_VALUE, "mpi-peer-stdout");
        Drain err = Drain.start(process.getErrorStream(), STDERR_TAIL_CHARS, "mpi-peer-stderr");
        boolean exited;
        try {
            exited = process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            destroyTree(process, out, err);
            Thread.currentThread().interrupt();
            return new Failed(-1, false, "interrupted while waiting for " + SCRIPT, err.text());
        }
        if (!exited) {
            destroyTree(process, out, err);
            return new Failed(-1, true, SCRIPT + " exceeded the timeout of " + timeout + " and was destroyed",
                    err.text());
        }
        int code = process.exitValue();
        String stdout = out.text();
        String stderr = err.text();
        if (code == EXIT_UNAVAILABLE) {
            String message = lastLine(stderr);
            return new Unavailable(message.isEmpty() ? "Open MPI is not installed" : message);
        }
        if (code != 0) {
            return new Failed(code, false, SCRIPT + " exited with status " + code
                    + (code == EXIT_USAGE ? " (bad usage)" : ""), stderr);
        }
        try {
            return new Measured(parse(stdout));
        } catch (IllegalArgumentException e) {
            return new Failed(0, false, "unexpected output: " + e.getMessage(), stderr);
        }
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
        List<String> lines = jsonLines.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            JsonNode o;
            try {
                o = MAPPER.readTree(line);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("line " + (i + 1) + " is not JSON: " + line, e);
            }
            if (o == null || !o.isObject()) {
                throw new IllegalArgumentException("line " + (i + 1) + " is not a JSON object: " + line);
            }
            Line l = new Line(o, i + 1);
            long rounds = l.integer("rounds");
            if (rounds < 1 || rounds > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("line " + (i + 1) + ": rounds out of range: " + rounds);
            }
            JsonNode rate = o.get("messages_per_s");
            measurements.add(new Measurement(l.text("test"), l.integer("size_bytes"), (int) rounds,
                    l.integer("iterations"), l.number("median_ns"), l.number("min_ns"), l.number("max_ns"),
                    rate == null || rate.isNull() ? null : l.number("messages_per_s"), l.text("mpi_version")));
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
        String home = System.getProperty("logplab.home");
        if (home == null || home.isBlank()) {
            home = System.getenv("LOGPLAB_HOME");
        }
        List<Path> starts = new ArrayList<>();
        codeLocation().ifPresent(starts::add);
        starts.add(Path.of("").toAbsolutePath());
        return findProjectRoot(home, starts);
    }

    /** The search of {@link #findProjectRoot()}, with its inputs given: {@code home} may be null. */
    static Optional<Path> findProjectRoot(String home, List<Path> starts) {
        if (home != null && !home.isBlank()) {
            Path root = Path.of(home).toAbsolutePath().normalize();
            return holdsScript(root) ? Optional.of(root) : Optional.empty();
        }
        for (Path start : starts) {
            for (Path p = start.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
                if (holdsScript(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean holdsScript(Path folder) {
        return Files.isRegularFile(folder.resolve(SCRIPT));
    }

    private static Optional<Path> codeLocation() {
        try {
            CodeSource source = MpiPeer.class.getProtectionDomain().getCodeSource();
            return source == null ? Optional.empty() : Optional.of(Path.of(source.getLocation().toURI()));
        } catch (Exception e) { // not a file (a custom class loader): only the current directory is searched
            return Optional.empty();
        }
    }

    /**
     * SIGTERM to the script and every descendant (mpirun, the ranks); SIGKILL to those still
     * there when the output pipes are not closed within {@link #GRACE} (mpirun takes about 1 s to
     * wind down). The pipes closing says that they are all gone: dead ranks stay zombies until
     * reaped, and would look alive.
     */
    private static void destroyTree(Process process, Drain out, Drain err) {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList()); // before they are orphaned
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + GRACE.toNanos();
        if (!(out.awaitEnd(deadline) && err.awaitEnd(deadline))) {
            tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static String lastLine(String text) {
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
    }

    /** One parsed line and its number, for messages. */
    private record Line(JsonNode o, int number) {
        JsonNode field(String name) {
            JsonNode v = o.get(name);
            if (v == null || v.isNull()) {
                throw new IllegalArgumentException("line " + number + ": no " + name + ": " + o);
            }
            return v;
        }

        String text(String name) {
            JsonNode v = field(name);
            if (!v.isTextual()) {
                throw new IllegalArgumentException("line " + number + ": " + name + " is not a string: " + o);
            }
            return v.textValue();
        }

        long integer(String name) {
            JsonNode v = field(name);
            if (!v.isIntegralNumber() || !v.canConvertToLong()) {
                throw new IllegalArgumentException("line " + number + ": " + name + " is not an integer: " + o);
            }
            return v.longValue();
        }

        double number(String name) {
            JsonNode v = field(name);
            if (!v.isNumber()) {
                throw new IllegalArgumentException("line " + number + ": " + name + " is not a number: " + o);
            }
            return v.doubleValue();
        }
    }

    /** Reads a stream to its end on its own thread, keeping at most the last {@code keep} chars. */
    private static final class Drain {
        private final Thread thread;
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final int keep;

        private Drain(InputStream in, int keep, String name) {
            this.keep = keep;
            this.thread = Thread.ofPlatform().daemon().name(name).unstarted(() -> copy(in));
        }

        static Drain start(InputStream in, int keep, String name) {
            Drain d = new Drain(in, keep, name);
            d.thread.start();
            return d;
        }

        private void copy(InputStream in) {
            byte[] buffer = new byte[8192];
            try (in) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    synchronized (bytes) {
                        bytes.write(buffer, 0, n);
                        if (keep != Integer.MAX_VALUE && bytes.size() > 4 * keep) { // bytes >= chars
                            byte[] all = bytes.toByteArray();
                            bytes.reset();
                            bytes.write(all, all.length - 4 * keep, 4 * keep);
                        }
                    }
                }
            } catch (IOException e) { // the stream closed under us (the process was destroyed): keep what was read
            }
        }

        /** Waits until the stream has ended or {@code System.nanoTime()} passes the deadline; true if ended. */
        boolean awaitEnd(long deadlineNanos) {
            try {
                long left = deadlineNanos - System.nanoTime();
                if (left > 0) {
                    thread.join(Duration.ofNanos(left));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return !thread.isAlive();
        }

        /** What was read, waiting a little for the end (a surviving grandchild may hold the pipe open). */
        String text() {
            awaitEnd(System.nanoTime() + GRACE.toNanos());
            String s;
            synchronized (bytes) {
                s = bytes.toString(StandardCharsets.UTF_8);
            }
            return s.length() <= keep ? s : s.substring(s.length() - keep);
        }
    }
}
