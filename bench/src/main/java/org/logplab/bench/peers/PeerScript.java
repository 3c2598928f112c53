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
 * What the peers share: running a peer's script under a timeout (destroying its process tree
 * when it takes too long), finding the project folder that holds the script, and reading its
 * JSON Lines. Each peer turns an {@link Outcome} into its own result types.
 */
final class PeerScript {
    /** How much of a script's standard error is kept, in characters (the end). */
    static final int STDERR_TAIL_CHARS = 4_000;
    /** The exit status the peer scripts use for bad usage (an unknown or malformed flag). */
    static final int EXIT_USAGE = 2;
    /** The exit status the peer scripts use when the peer's library is not installed. */
    static final int EXIT_UNAVAILABLE = 3;
    /** How long a timed-out process tree gets between SIGTERM and SIGKILL. */
    private static final Duration GRACE = Duration.ofSeconds(2);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PeerScript() {
    }

    /** How a run of a script ended: {@link Exited}, or {@link NotExited} (not started, timed out). */
    sealed interface Outcome permits Exited, NotExited {
    }

    /**
     * The script ran to its end.
     *
     * @param code   its exit status
     * @param stdout all of its standard output
     * @param stderr the end of its standard error (at most {@value #STDERR_TAIL_CHARS} chars)
     */
    record Exited(int code, String stdout, String stderr) implements Outcome {
    }

    /**
     * The script has no exit status: it was not found, could not be started, exceeded the timeout
     * (and was destroyed, with its descendants), or the wait was interrupted.
     *
     * @param timedOut whether it was destroyed for exceeding the timeout
     * @param reason   one line saying what happened
     * @param stderr   the end of its standard error, empty when it did not start
     */
    record NotExited(boolean timedOut, String reason, String stderr) implements Outcome {
    }

    /**
     * Runs {@code <projectRoot>/<script> args...} in {@code projectRoot}, with this process's
     * environment and {@code environment} set over it, its standard input closed, and waits for
     * it; when it takes longer than {@code timeout}, it and every descendant are destroyed. An
     * interrupt destroys them too, and is kept set on the calling thread.
     *
     * @param projectRoot the folder holding the script
     * @param script      the script, relative to {@code projectRoot} (e.g. {@code bench/peers/mpi/run.sh})
     * @param args        its arguments; may be empty
     * @param timeout     how long the whole run may take; positive
     * @param environment variables to set over the inherited environment; may be empty
     * @param name        a short name for the threads that read its output, e.g. {@code mpi-peer}
     * @return how it ended; never null
     * @throws IllegalArgumentException when {@code timeout} is not positive
     */
    static Outcome run(Path projectRoot, String script, List<String> args, Duration timeout,
                       Map<String, String> environment, String name) {
        Objects.requireNonNull(projectRoot, "projectRoot");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        Path path = projectRoot.resolve(script);
        if (!Files.isRegularFile(path)) {
            return new NotExited(false, "no " + script + " under " + projectRoot, "");
        }
        List<String> command = new ArrayList<>();
        command.add(path.toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(projectRoot.toFile());
        pb.environment().putAll(environment);
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            return new NotExited(false, "cannot start " + path + ": " + e.getMessage(), "");
        }
        try {
            process.getOutputStream().close(); // the scripts read nothing
        } catch (IOException e) { // already closed: the same
        }
        Drain out = Drain.start(process.getInputStream(), Integer.MAX_VALUE, name + "-stdout");
        Drain err = Drain.start(process.getErrorStream(), STDERR_TAIL_CHARS, name + "-stderr");
        boolean exited;
        try {
            exited = process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            destroyTree(process, out, err);
            Thread.currentThread().interrupt();
            return new NotExited(false, "interrupted while waiting for " + script, err.text());
        }
        if (!exited) {
            destroyTree(process, out, err);
            return new NotExited(true, script + " exceeded the timeout of " + timeout + " and was destroyed",
                    err.text());
        }
        int code = process.exitValue();
        return new Exited(code, out.text(), err.text());
    }

    /**
     * What a peer's run gave, from its script's {@code outcome}: exit status 0 gives its standard
     * output {@code parse}d, {@value #EXIT_UNAVAILABLE} the script's last line of standard error
     * ({@code notInstalled} when it said nothing), anything else, a timeout or output {@code parse}
     * rejects a {@link PeerResult.Failed} saying which.
     */
    static <M> PeerResult<M> result(Outcome outcome, String script, String notInstalled,
                                    java.util.function.Function<String, List<M>> parse) {
        return switch (outcome) {
            case NotExited n -> new PeerResult.Failed<>(-1, n.timedOut(), n.reason(), n.stderr());
            case Exited e when e.code() == EXIT_UNAVAILABLE -> {
                String message = lastLine(e.stderr());
                yield new PeerResult.Unavailable<>(message.isEmpty() ? notInstalled : message);
            }
            case Exited e when e.code() != 0 -> new PeerResult.Failed<>(e.code(), false, exitReason(script, e.code()),
                    e.stderr());
            case Exited e -> {
                try {
                    yield new PeerResult.Measured<>(parse.apply(e.stdout()));
                } catch (IllegalArgumentException x) {
                    yield new PeerResult.Failed<>(0, false, "unexpected output: " + x.getMessage(), e.stderr());
                }
            }
        };
    }

    /** The reason of a run that exited with the non-zero status {@code code}. */
    static String exitReason(String script, int code) {
        return script + " exited with status " + code + (code == EXIT_USAGE ? " (bad usage)" : "");
    }

    /** The last non-blank line of {@code text}, stripped; empty when there is none. */
    static String lastLine(String text) {
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
    }

    /**
     * The project root for {@code script}: the folder holding it. When the system property
     * {@code logplab.home}, else the environment variable {@code LOGPLAB_HOME}, is set, that
     * folder and only it (empty when it lacks the script); otherwise the nearest folder holding
     * the script walking up from where this class was loaded ({@code bench/target/logplab.jar}
     * or {@code bench/target/classes}), then walking up from the current directory.
     */
    static Optional<Path> findProjectRoot(String script) {
        String home = System.getProperty("logplab.home");
        if (home == null || home.isBlank()) {
            home = System.getenv("LOGPLAB_HOME");
        }
        List<Path> starts = new ArrayList<>();
        codeLocation().ifPresent(starts::add);
        starts.add(Path.of("").toAbsolutePath());
        return findProjectRoot(script, home, starts);
    }

    /** The search of {@link #findProjectRoot(String)}, with its inputs given: {@code home} may be null. */
    static Optional<Path> findProjectRoot(String script, String home, List<Path> starts) {
        if (home != null && !home.isBlank()) {
            Path root = Path.of(home).toAbsolutePath().normalize();
            return Files.isRegularFile(root.resolve(script)) ? Optional.of(root) : Optional.empty();
        }
        for (Path start : starts) {
            for (Path p = start.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
                if (Files.isRegularFile(p.resolve(script))) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> codeLocation() {
        try {
            CodeSource source = PeerScript.class.getProtectionDomain().getCodeSource();
            return source == null ? Optional.empty() : Optional.of(Path.of(source.getLocation().toURI()));
        } catch (Exception e) { // not a file (a custom class loader): only the current directory is searched
            return Optional.empty();
        }
    }

    /**
     * The JSON objects of a script's standard output, one per non-blank line.
     *
     * @throws IllegalArgumentException naming the line, when one is not a JSON object
     */
    static List<Line> objects(String jsonLines) {
        List<Line> objects = new ArrayList<>();
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
            objects.add(new Line(o, i + 1));
        }
        return objects;
    }

    /**
     * One JSON object of a script's output and its line number (from 1), with typed field access
     * whose errors name the line.
     */
    record Line(JsonNode o, int number) {
        /** An error about this line: {@code line <number>: <what>: <the object>}. */
        IllegalArgumentException error(String what) {
            return new IllegalArgumentException("line " + number + ": " + what + ": " + o);
        }

        /** Whether the field is absent or JSON null. */
        boolean absent(String name) {
            JsonNode v = o.get(name);
            return v == null || v.isNull();
        }

        JsonNode field(String name) {
            if (absent(name)) {
                throw error("no " + name);
            }
            return o.get(name);
        }

        String text(String name) {
            JsonNode v = field(name);
            if (!v.isTextual()) {
                throw error(name + " is not a string");
            }
            return v.textValue();
        }

        long integer(String name) {
            JsonNode v = field(name);
            if (!v.isIntegralNumber() || !v.canConvertToLong()) {
                throw error(name + " is not an integer");
            }
            return v.longValue();
        }

        /** An integer field within {@code [min, max]}. */
        long integer(String name, long min, long max) {
            long v = integer(name);
            if (v < min || v > max) {
                throw error(name + " out of range [" + min + ", " + max + "]");
            }
            return v;
        }

        double number(String name) {
            JsonNode v = field(name);
            if (!v.isNumber()) {
                throw error(name + " is not a number");
            }
            return v.doubleValue();
        }
    }

    /**
     * SIGTERM to the process and every descendant; SIGKILL to those still there when the output
     * pipes are not closed within {@link #GRACE} (mpirun takes about 1 s to wind down). The pipes
     * closing says that they are all gone: dead children stay zombies until reaped, and would
     * look alive.
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
