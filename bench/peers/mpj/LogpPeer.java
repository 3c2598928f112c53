/*
 * LogpPeer.java - MPJ Express as a measured peer of LogP Lab, on the same host: the Java twin of
 * bench/peers/mpi/logp_peer.c, with the same tests, flags and output, run on MPJ Express's
 * multicore device (2 ranks as threads of one JVM).
 *
 * Exactly 2 ranks. Each test runs one untimed warm-up round, then R timed rounds (default 7) of
 * N iterations (default 10000, not logp_peer.c's 200000: MPJ Express takes tens of microseconds
 * per message, so a round of ping-pong takes about half a second); it reports the median, min
 * and max over the rounds, in ns per operation. Every round starts with a barrier and is timed
 * on rank 0 with System.nanoTime(), from the start until rank 1's 0-byte acknowledgement of the
 * round's end has arrived, so that no rank can run ahead of the timing.
 *
 *   pingpong   8-byte Send/Recv round trip, rank 0 <-> rank 1             ns per round trip
 *   stream     8-byte messages rank 0 -> rank 1, one way                  ns per message (and messages/s)
 *   bcast      Bcast of one double from rank 0, back to back              ns per broadcast
 *   allreduce  Allreduce (sum) of one double                              ns per all-reduce
 *   exchange   Sendrecv of an FFT block of 2^k complex doubles            ns per exchange
 *              (2^k * 16 bytes each way) with the partner, for each k; its rounds hold
 *              min(N, max(16, 1 GiB / block bytes)) exchanges.
 *
 * Output: JSON Lines on stdout, from rank 0 only, one object per test (and per size for
 * exchange): peer, mpi_version, test, size_bytes, rounds, iterations, median_ns, min_ns, max_ns,
 * and for stream messages_per_s (from the median): the fields of logp_peer.c, read by the same
 * parser. Then a last line "# LogpPeer: done", which run.sh takes off: MPJ Express's launcher
 * exits 0 whatever its ranks did, so the line is how a finished run is told from a failed one.
 *
 * Flags: --rounds R  --iterations N  --tests pingpong,stream,bcast,allreduce,exchange
 *        --exchange-log2 10,12,14,16,18,19,20
 * A bad flag prints one line on stderr and exits 2. --check-args only checks the flags (exit 0 or
 * 2) without starting MPJ Express: run.sh uses it so that a typo does not start the runtime.
 *
 * Build and run:  bench/peers/mpj/run.sh [flags]
 * (javac against mpj.jar, then java -jar $MPJ_HOME/lib/starter.jar -np 2 -dev multicore LogpPeer)
 */
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import mpi.MPI;

public final class LogpPeer {
    private static final List<String> TESTS = List.of("pingpong", "stream", "bcast", "allreduce", "exchange");
    private static final int PINGPONG = 0, STREAM = 1, BCAST = 2, ALLREDUCE = 3, EXCHANGE = 4;
    private static final int MAX_LOG2 = 24;                 // 256 MiB per block
    private static final long EXCHANGE_BUDGET = 1L << 30;   // bytes sent per exchange round, each way
    private static final String DONE = "# LogpPeer: done";

    /** A bad flag: its one-line message, printed by rank 0 only. */
    private static final class UsageError extends RuntimeException {
        UsageError(String message, String arg) {
            super(message + (arg == null ? "" : ": " + arg));
        }
    }

    // The ranks are threads of one JVM that may share this class: all state is per instance.
    private int rounds = 7;
    private long iterations = 10_000;
    private final boolean[] selected = {true, true, true, true, true};
    private int[] log2s = {10, 12, 14, 16, 18, 19, 20};
    private boolean checkOnly;
    private int rank;

    public static void main(String[] argv) throws Exception {
        // On the multicore device MPI.Init takes the launcher's arguments and returns the program's.
        boolean standalone = Arrays.asList(argv).contains("--check-args");
        String[] args = standalone ? argv : MPI.Init(argv);
        LogpPeer peer = new LogpPeer();
        try {
            peer.parse(args);
        } catch (UsageError e) {
            if (standalone || MPI.COMM_WORLD.Rank() == 0) {
                System.err.println("LogpPeer: " + e.getMessage()
                        + " (flags: --rounds R --iterations N --tests a,b,c --exchange-log2 10,12,...)");
            }
            System.exit(2);
        }
        if (peer.checkOnly) {
            return;
        }
        peer.runAll();
        MPI.Finalize();
        if (peer.rank == 0) {
            System.out.println(DONE); // the launcher exits 0 whatever the ranks did: run.sh looks for this
            System.out.flush();
        }
    }

    private static long parseLong(String s, long lo, long hi, String what) {
        try {
            long v = Long.parseLong(s);
            if (v >= lo && v <= hi) {
                return v;
            }
        } catch (NumberFormatException e) { // as out of range
        }
        throw new UsageError(what, s);
    }

    private void parse(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String f = args[i];
            if (f.equals("--check-args")) {
                checkOnly = true;
                continue;
            }
            if (!List.of("--rounds", "--iterations", "--tests", "--exchange-log2").contains(f)) {
                throw new UsageError("unknown flag", f);
            }
            if (i + 1 >= args.length) {
                throw new UsageError("missing value after", f);
            }
            String v = args[++i];
            switch (f) {
                case "--rounds" -> rounds = (int) parseLong(v, 1, 1000, "--rounds must be 1..1000");
                case "--iterations" -> iterations = parseLong(v, 1, 1_000_000_000L, "--iterations must be 1..1e9");
                case "--tests" -> {
                    Arrays.fill(selected, false);
                    for (String t : v.split(",")) {
                        if (t.isEmpty()) {
                            continue;
                        }
                        int k = TESTS.indexOf(t);
                        if (k < 0) {
                            throw new UsageError("unknown test (pingpong, stream, bcast, allreduce, exchange)", t);
                        }
                        selected[k] = true;
                    }
                    boolean any = false;
                    for (boolean s : selected) {
                        any |= s;
                    }
                    if (!any) {
                        throw new UsageError("no tests in", v);
                    }
                }
                default -> {
                    List<Integer> sizes = new ArrayList<>();
                    for (String t : v.split(",")) {
                        if (!t.isEmpty()) {
                            sizes.add((int) parseLong(t, 0, MAX_LOG2, "--exchange-log2 takes k in 0..24"));
                        }
                    }
                    if (sizes.isEmpty()) {
                        throw new UsageError("no sizes in", v);
                    }
                    log2s = sizes.stream().mapToInt(Integer::intValue).toArray();
                }
            }
        }
    }

    private void runAll() {
        rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        if (size != 2) {
            if (rank == 0) {
                System.err.println("LogpPeer: needs exactly 2 ranks, has " + size + " (-np 2)");
            }
            System.exit(1);
        }
        String version = version();
        int maxBytes = 8;
        for (int k : log2s) {
            if (selected[EXCHANGE]) {
                maxBytes = Math.max(maxBytes, 16 << k);
            }
        }
        byte[] a = new byte[maxBytes];
        byte[] b = new byte[maxBytes];
        Arrays.fill(a, (byte) 1);
        for (int t = PINGPONG; t < EXCHANGE; t++) {
            if (selected[t]) {
                measure(t, iterations, a, b, 8, version);
            }
        }
        for (int k : log2s) {
            if (selected[EXCHANGE]) {
                int bytes = 16 << k;
                long n = Math.min(iterations, Math.max(16, EXCHANGE_BUDGET / bytes));
                measure(EXCHANGE, n, a, b, bytes, version);
            }
        }
    }

    /** One round of n operations; the elapsed ns on rank 0 (0 on rank 1). */
    private long roundNs(int test, long n, byte[] a, byte[] b, int bytes) {
        double[] x = {1.0};
        double[] sum = new double[1];
        byte[] none = new byte[0];
        MPI.COMM_WORLD.Barrier();
        long t0 = System.nanoTime();
        for (long i = 0; i < n; i++) {
            switch (test) {
                case PINGPONG -> {
                    if (rank == 0) {
                        MPI.COMM_WORLD.Send(a, 0, 8, MPI.BYTE, 1, 0);
                        MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, 1, 0);
                    } else {
                        MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, 0, 0);
                        MPI.COMM_WORLD.Send(a, 0, 8, MPI.BYTE, 0, 0);
                    }
                }
                case STREAM -> {
                    if (rank == 0) {
                        MPI.COMM_WORLD.Send(a, 0, 8, MPI.BYTE, 1, 0);
                    } else {
                        MPI.COMM_WORLD.Recv(b, 0, 8, MPI.BYTE, 0, 0);
                    }
                }
                case BCAST -> MPI.COMM_WORLD.Bcast(x, 0, 1, MPI.DOUBLE, 0);
                case ALLREDUCE -> MPI.COMM_WORLD.Allreduce(x, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
                default -> MPI.COMM_WORLD.Sendrecv(a, 0, bytes, MPI.BYTE, 1 - rank, 0,
                        b, 0, bytes, MPI.BYTE, 1 - rank, 0);
            }
        }
        if (rank == 0) {
            MPI.COMM_WORLD.Recv(none, 0, 0, MPI.BYTE, 1, 1);
        } else {
            MPI.COMM_WORLD.Send(none, 0, 0, MPI.BYTE, 0, 1);
        }
        return rank == 0 ? System.nanoTime() - t0 : 0;
    }

    private void measure(int test, long n, byte[] a, byte[] b, int bytes, String version) {
        double[] ns = new double[rounds];
        roundNs(test, n, a, b, bytes); // warm-up
        for (int r = 0; r < rounds; r++) {
            ns[r] = roundNs(test, n, a, b, bytes) / (double) n;
        }
        if (rank != 0) {
            return;
        }
        Arrays.sort(ns);
        double median = rounds % 2 == 1 ? ns[rounds / 2] : (ns[rounds / 2 - 1] + ns[rounds / 2]) / 2;
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "{\"peer\":\"mpjexpress\",\"mpi_version\":\"%s\",\"test\":\"%s\",\"size_bytes\":%d,"
                        + "\"rounds\":%d,\"iterations\":%d,\"median_ns\":%.3f,\"min_ns\":%.3f,\"max_ns\":%.3f",
                version, TESTS.get(test), bytes, rounds, n, median, ns[0], ns[rounds - 1]));
        if (test == STREAM) {
            line.append(String.format(Locale.ROOT, ",\"messages_per_s\":%.1f", 1e9 / median));
        }
        System.out.println(line.append('}'));
        System.out.flush();
    }

    /** "MPJ Express <version> (multicore)", the version from $MPJ_HOME/conf/mpjexpress.conf when it says. */
    private static String version() {
        String v = null;
        String home = System.getenv("MPJ_HOME");
        if (home != null) {
            Properties p = new Properties();
            try (InputStream in = Files.newInputStream(Path.of(home, "conf", "mpjexpress.conf"))) {
                p.load(in);
                v = p.getProperty("mpjexpress.version");
            } catch (IOException e) { // no version then
            }
        }
        String name = v == null || !v.strip().matches("[0-9A-Za-z.+~-]+") ? "MPJ Express" : "MPJ Express " + v.strip();
        return name + " (multicore)";
    }
}
