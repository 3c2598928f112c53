package org.logplab.bench.peers;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * LogGOPSim (Hoefler, Schneider, Lumsdaine, HPDC 2010; github.com/spcl/LogGOPSim) as a peer: its
 * {@code txt2bin} turns a GOAL text file into its binary form and {@code LogGOPSim} simulates it
 * under the LogGOPS parameters given, printing each rank's finish time. Built by
 * {@value #BUILD_SCRIPT}; found by {@link #find(Path)}; run by
 * {@link #run(Path, long, long, long, long, long, long, Duration)}. Times are LogGOPSim's units,
 * those of the parameters (model units).
 */
public final class LogGopSimPeer {
    /** The script that builds LogGOPSim, relative to the project root. */
    public static final String BUILD_SCRIPT = "bench/peers/loggopsim/build.sh";
    /** The Debian packages the build needs. */
    public static final String DEBIAN_PACKAGES = "g++ re2c gengetopt libgraphviz-dev libboost-iostreams-dev";
    /** How to get LogGOPSim, in one line. */
    public static final String HOW_TO_BUILD = "LogGOPSim is not installed: build it with " + BUILD_SCRIPT
            + " (after apt-get install " + DEBIAN_PACKAGES + "), or put its txt2bin and LogGOPSim on the PATH";
    /** The largest value LogGOPSim accepts for a parameter: it reads each as a C {@code int}. */
    public static final long MAX_PARAMETER = Integer.MAX_VALUE;
    static final String TXT2BIN = "txt2bin";
    static final String LOGGOPSIM = "LogGOPSim";
    private static final int LAST_LINES = 5;
    private static final Pattern HOST = Pattern.compile("Host (\\d+): (\\d+)");
    private static final Pattern MAXIMUM = Pattern.compile("Maximum finishing time at host \\d+: (\\d+) .*");
    private static final Pattern QUEUE = Pattern.compile("(unexpected|receive) queue on host \\d+ contains .*");

    private final Path txt2bin;
    private final Path logGopSim;

    private LogGopSimPeer(Path txt2bin, Path logGopSim) {
        this.txt2bin = txt2bin.toAbsolutePath().normalize();
        this.logGopSim = logGopSim.toAbsolutePath().normalize();
    }

    /**
     * LogGOPSim printed no finish times: the schedule cannot finish. It prints, instead, the
     * messages left in each rank's unexpected queue and the receives left in its receive queue.
     */
    public static final class NoTimesException extends IOException {
        private static final long serialVersionUID = 1L;
        private final String output;

        NoTimesException(String message, String output) {
            super(message);
            this.output = output;
        }

        /** All LogGOPSim printed on standard output. */
        public String output() {
            return output;
        }
    }

    /**
     * Finds LogGOPSim's {@code txt2bin} and {@code LogGOPSim}.
     *
     * @param given a folder holding both, or the {@code LogGOPSim} binary with {@code txt2bin}
     *              beside it; null to look on the {@code PATH}, then in {@link #defaultBinFolder()}
     * @return the peer; empty only when {@code given} is null and neither place has both
     * @throws IllegalArgumentException naming {@code given}, when it does not hold both programs
     */
    public static Optional<LogGopSimPeer> find(Path given) {
        if (given != null) {
            return Optional.of(at(given));
        }
        Optional<Path> onPath = onPath(LOGGOPSIM);
        Optional<Path> t2b = onPath(TXT2BIN);
        if (onPath.isPresent() && t2b.isPresent()) {
            return Optional.of(new LogGopSimPeer(t2b.get(), onPath.get()));
        }
        Path folder = defaultBinFolder();
        if (isProgram(folder.resolve(TXT2BIN)) && isProgram(folder.resolve(LOGGOPSIM))) {
            return Optional.of(new LogGopSimPeer(folder.resolve(TXT2BIN), folder.resolve(LOGGOPSIM)));
        }
        return Optional.empty();
    }

    /**
     * Where {@value #BUILD_SCRIPT} puts the programs by default:
     * {@code $XDG_CACHE_HOME/logplab/loggopsim/bin}, or {@code ~/.cache/logplab/loggopsim/bin}.
     */
    public static Path defaultBinFolder() {
        String cache = System.getenv("XDG_CACHE_HOME");
        Path base = cache == null || cache.isBlank() ? Path.of(System.getProperty("user.home"), ".cache")
                : Path.of(cache);
        return base.resolve("logplab").resolve("loggopsim").resolve("bin");
    }

    private static LogGopSimPeer at(Path given) {
        if (Files.isDirectory(given)) {
            Path t2b = given.resolve(TXT2BIN);
            Path sim = given.resolve(LOGGOPSIM);
            if (!isProgram(t2b) && !isProgram(sim)) {
                throw new IllegalArgumentException(given + " holds neither " + TXT2BIN + " nor " + LOGGOPSIM
                        + " (executable): give the folder " + BUILD_SCRIPT + " printed, or the LogGOPSim binary");
            }
            if (!isProgram(t2b) || !isProgram(sim)) {
                throw new IllegalArgumentException(given + " has no executable " + (isProgram(t2b) ? sim : t2b)
                        + ": LogGOPSim needs both " + TXT2BIN + " and " + LOGGOPSIM);
            }
            return new LogGopSimPeer(t2b, sim);
        }
        if (!isProgram(given)) {
            throw new IllegalArgumentException(given + (Files.exists(given) ? " is not an executable file"
                    : " does not exist") + ": give LogGOPSim's bin folder or its LogGOPSim binary");
        }
        Path t2b = given.toAbsolutePath().resolveSibling(TXT2BIN);
        if (!isProgram(t2b)) {
            throw new IllegalArgumentException(given + " has no executable " + TXT2BIN + " beside it ("
                    + t2b + "): LogGOPSim needs both");
        }
        return new LogGopSimPeer(t2b, given);
    }

    private static boolean isProgram(Path p) {
        return Files.isRegularFile(p) && Files.isExecutable(p);
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Stream.of(path.split(java.io.File.pathSeparator)).filter(d -> !d.isEmpty())
                .map(d -> Path.of(d, program)).filter(LogGopSimPeer::isProgram).findFirst();
    }

    /** The {@code txt2bin} program, absolute. */
    public Path txt2bin() {
        return txt2bin;
    }

    /** The {@code LogGOPSim} program, absolute. */
    public Path logGopSim() {
        return logGopSim;
    }

    /**
     * Simulates a GOAL schedule: {@code txt2bin -i FILE -o TMP.bin}, then
     * {@code LogGOPSim -f TMP.bin -L L -o o -g g -G G -O O -S S}, in a temporary folder deleted
     * afterwards. txt2bin misreads a line that starts with blanks (it drops the character after
     * them), so a file with indented lines is handed to it as a copy without the indentation, the
     * same schedule.
     *
     * @param goalFile the schedule, in GOAL's text form
     * @param timeout  how long both programs together may take; positive. A program still running
     *                 then is stopped, with its descendants
     * @return the finish times LogGOPSim printed
     * @throws NoTimesException when it printed none: the schedule cannot finish
     * @throws IOException      when the file cannot be read, a program fails (the message names
     *                          it, its exit status and its last lines of output), runs past the
     *                          timeout, or prints what this class does not recognise
     * @throws IllegalArgumentException when a parameter is outside [0, {@value #MAX_PARAMETER}] or
     *                                  the timeout is not positive
     */
    public LogGopSimTimes run(Path goalFile, long L, long o, long g, long G, long O, long S, Duration timeout)
            throws IOException {
        Objects.requireNonNull(goalFile, "goalFile");
        Objects.requireNonNull(timeout, "timeout");
        checkParameters(L, o, g, G, O, S);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + timeout);
        }
        if (!Files.isRegularFile(goalFile)) {
            throw new IOException("no GOAL file " + goalFile);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        Path dir = Files.createTempDirectory("loggopsim");
        try {
            Path text = withoutIndentation(goalFile, dir.resolve("schedule.goal"));
            Path bin = dir.resolve("schedule.bin");
            invoke(dir, txt2bin, List.of("-i", text.toString(), "-o", bin.toString()), deadline, timeout);
            PeerScript.Exited sim = invoke(dir, logGopSim, List.of("-f", bin.toString(), "-L", Long.toString(L),
                    "-o", Long.toString(o), "-g", Long.toString(g), "-G", Long.toString(G), "-O", Long.toString(O),
                    "-S", Long.toString(S)), deadline, timeout);
            return parse(sim.stdout());
        } finally {
            deleteTree(dir);
        }
    }

    private static void checkParameters(long... values) {
        String[] names = {"L", "o", "g", "G", "O", "S"};
        for (int i = 0; i < values.length; i++) {
            if (values[i] < 0 || values[i] > MAX_PARAMETER) {
                throw new IllegalArgumentException("LogGOPSim's " + names[i] + " must be in [0, " + MAX_PARAMETER
                        + "]: " + values[i]);
            }
        }
    }

    /** {@code goalFile}, or, when a line of it starts with a blank, a copy at {@code copy} without them. */
    private static Path withoutIndentation(Path goalFile, Path copy) throws IOException {
        boolean indented;
        try (Stream<String> lines = Files.lines(goalFile, StandardCharsets.ISO_8859_1)) {
            indented = lines.anyMatch(l -> !l.isEmpty() && (l.charAt(0) == ' ' || l.charAt(0) == '\t'));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        if (!indented) {
            return goalFile;
        }
        // ISO-8859-1 maps every byte to one char and back: the copy differs only where blanks were cut.
        try (BufferedReader in = Files.newBufferedReader(goalFile, StandardCharsets.ISO_8859_1);
             BufferedWriter out = Files.newBufferedWriter(copy, StandardCharsets.ISO_8859_1)) {
            for (String line; (line = in.readLine()) != null; ) {
                out.write(line.stripLeading());
                out.write('\n');
            }
        }
        return copy;
    }

    private static PeerScript.Exited invoke(Path dir, Path program, List<String> args, long deadline,
            Duration timeout) throws IOException {
        String name = program.getFileName().toString();
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new IOException(name + " was not started: the time limit of " + timeout + " was spent");
        }
        PeerScript.Outcome outcome = PeerScript.run(dir, program.toString(), args, Duration.ofNanos(left), Map.of(),
                "loggopsim");
        return switch (outcome) {
            case PeerScript.NotExited n when n.timedOut() -> throw new IOException(name + " (" + program
                    + ") did not finish within the time limit of " + timeout + " and was stopped");
            case PeerScript.NotExited n -> throw new IOException(name + ": " + n.reason());
            case PeerScript.Exited e when e.code() != 0 -> throw new IOException(name + " (" + program
                    + ") exited with status " + e.code() + signal(e.code()) + lastLines(e));
            case PeerScript.Exited e -> e;
        };
    }

    private static String signal(int code) {
        return code > 128 && code < 160 ? " (killed by signal " + (code - 128) + ")" : "";
    }

    private static String lastLines(PeerScript.Exited e) {
        List<String> lines = Stream.concat(e.stdout().lines(), e.stderr().lines()).filter(l -> !l.isBlank())
                .toList();
        List<String> last = lines.subList(Math.max(0, lines.size() - LAST_LINES), lines.size());
        return last.isEmpty() ? ", printing nothing" : ": " + String.join(" | ", last);
    }

    /**
     * Reads LogGOPSim's output: its {@code Host i: T} lines (ranks 0, 1, ... in order), or its
     * {@code Maximum finishing time at host h: T (...)} line.
     *
     * @throws NoTimesException when it has neither but lists what was left in its queues
     * @throws IOException      when it has neither, or its host lines are not ranks 0, 1, ... in order
     */
    static LogGopSimTimes parse(String output) throws IOException {
        List<Long> hosts = new ArrayList<>();
        Long maximum = null;
        boolean queues = false;
        for (String line : output.lines().map(String::strip).toList()) {
            Matcher h = HOST.matcher(line);
            Matcher m = MAXIMUM.matcher(line);
            if (h.matches()) {
                if (Long.parseLong(h.group(1)) != hosts.size()) {
                    throw new IOException("LogGOPSim printed '" + line + "' where Host " + hosts.size()
                            + " was due");
                }
                hosts.add(Long.parseLong(h.group(2)));
            } else if (m.matches()) {
                maximum = Long.parseLong(m.group(1));
            } else if (QUEUE.matcher(line).matches()) {
                queues = true;
            }
        }
        if (!hosts.isEmpty()) {
            long[] perRank = hosts.stream().mapToLong(Long::longValue).toArray();
            return new LogGopSimTimes(perRank, hosts.stream().mapToLong(Long::longValue).max().getAsLong(), output);
        }
        if (maximum != null) {
            return new LogGopSimTimes(null, maximum, output);
        }
        if (queues) {
            throw new NoTimesException("LogGOPSim printed no finish times: the schedule cannot finish; it left "
                    + output.lines().filter(l -> QUEUE.matcher(l.strip()).matches()).map(String::strip)
                    .reduce((a, b) -> a + "; " + b).orElseThrow(), output);
        }
        throw new IOException("LogGOPSim printed no finish times" + (output.isBlank() ? "" : ": "
                + output.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("")));
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) { // a temporary folder left behind is harmless
        }
    }
}
