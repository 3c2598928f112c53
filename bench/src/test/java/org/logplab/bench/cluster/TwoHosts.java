package org.logplab.bench.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Two hosts on this machine for a test class: two network namespaces joined by a veth pair, made
 * and removed by {@code bench/hosts/netns.sh}, named after the class's tag and this JVM's pid so
 * that parallel runs on one machine do not meet. Host A has {@link #ADDRESS_A}, host B
 * {@link #ADDRESS_B}; the namespaces see nothing else, so the tests' traffic stays between them.
 * {@link #close()} removes both (a shutdown hook does too, should the JVM end first).
 */
final class TwoHosts implements AutoCloseable {
    static final String ADDRESS_A = "10.77.0.1";
    static final String ADDRESS_B = "10.77.0.2";
    /** The veth ends' names, inside the namespaces (so they never clash with the host's links). */
    static final String VETH_A = "veth-a";
    private static final String SCRIPT = "bench/hosts/netns.sh";
    private static final long SCRIPT_SECONDS = 30;

    final String a;
    final String b;
    private final Path script;
    private final Thread hook;
    private boolean closed;

    private TwoHosts(String a, String b, Path script) {
        this.a = a;
        this.b = b;
        this.script = script;
        this.hook = new Thread(this::down, "netns-down-" + a);
    }

    /**
     * Makes both namespaces, {@code logplab-<tag>-a-<pid>} and {@code ...-b-<pid>}; when that
     * cannot be done here (not root, no {@code ip}, no namespaces) aborts the calling tests with
     * the script's reason.
     */
    static TwoHosts up(String tag) throws IOException, InterruptedException {
        Path script = findScript();
        long pid = ProcessHandle.current().pid();
        TwoHosts hosts = new TwoHosts("logplab-" + tag + "-a-" + pid, "logplab-" + tag + "-b-" + pid, script);
        Runtime.getRuntime().addShutdownHook(hosts.hook);
        Result r = hosts.run("up");
        if (r.code != 0) {
            hosts.close();
            Assumptions.abort(r.code == 3 ? "two hosts need network namespaces: " + r.err.strip()
                    : "could not make two network namespaces (netns.sh up exited " + r.code + "): " + r.err.strip());
        }
        return hosts;
    }

    /** The words that run a command in namespace {@code ns}; the command replaces {@code ip}. */
    static List<String> in(String ns) {
        return List.of("ip", "netns", "exec", ns);
    }

    /** Takes host A's end of the link down or brings it up again (host B's end follows). */
    void link(boolean up) throws IOException, InterruptedException {
        Result r = exec(List.of("ip", "-n", a, "link", "set", "dev", VETH_A, up ? "up" : "down"), Map.of());
        if (r.code != 0) {
            throw new IllegalStateException("ip link set " + (up ? "up" : "down") + " failed: " + r.err);
        }
    }

    /** The processes running in namespace {@code ns} ({@code ip netns pids}). */
    List<Long> pids(String ns) throws IOException, InterruptedException {
        Result r = exec(List.of("ip", "netns", "pids", ns), Map.of());
        return r.out.lines().filter(l -> !l.isBlank()).map(l -> Long.parseLong(l.strip())).toList();
    }

    /** Runs {@code netns.sh <command>} for these two namespaces. */
    Result run(String command) throws IOException, InterruptedException {
        return exec(List.of("bash", script.toString(), command), Map.of("LOGPLAB_NS_A", a, "LOGPLAB_NS_B", b,
                "LOGPLAB_ADDR_A", ADDRESS_A, "LOGPLAB_ADDR_B", ADDRESS_B, "LOGPLAB_VETH_A", VETH_A, "LOGPLAB_VETH_B",
                "veth-b"));
    }

    /** How a command ended: its exit status and its output. */
    record Result(int code, String out, String err) {
    }

    static Result exec(List<String> command, Map<String, String> environment) throws IOException, InterruptedException {
        Path out = Files.createTempFile("logplab-netns-", ".out");
        Path err = Files.createTempFile("logplab-netns-", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().putAll(environment);
            Process p = pb.start();
            if (!p.waitFor(SCRIPT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new IllegalStateException(command + " took longer than " + SCRIPT_SECONDS + " s and was killed");
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** {@code bench/hosts/netns.sh}, found walking up from the working directory. */
    static Path findScript() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve(SCRIPT))) {
                return p.resolve(SCRIPT);
            }
        }
        throw new IllegalStateException("no " + SCRIPT + " above " + Path.of("").toAbsolutePath());
    }

    private void down() {
        try {
            Result r = run("down");
            if (r.code != 0) {
                System.err.println("netns.sh down exited " + r.code + ": " + r.err);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            System.err.println("netns.sh down failed: " + e);
        }
    }

    /** Removes both namespaces (and the link); once. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        down();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) { // the JVM is shutting down: the hook runs down() again, harmlessly
        }
    }
}
