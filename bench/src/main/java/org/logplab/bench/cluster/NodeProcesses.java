package org.logplab.bench.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.logplab.bench.JvmFlags;
import org.logplab.net.PeerAddress;

/**
 * The node processes of one multi-process run on this host: {@code logplab node} in a fresh JVM
 * per node (same Java, same class path as this one), with their standard output collected and
 * their standard error passed on line by line, prefixed with the node. {@link #close()} kills any
 * that still run.
 */
public final class NodeProcesses implements AutoCloseable {
    private static final String MAIN = "org.logplab.bench.cli.LogPlabCli";
    private final List<Process> processes = new ArrayList<>();
    private final List<List<String>> stdout = new ArrayList<>();
    private final List<Thread> readers = new ArrayList<>();

    private final int nodes;
    private final List<String> routeArguments;
    private final List<String> nodeArguments;
    private final List<String> jvmOptions;
    private final Consumer<String> errors;

    /**
     * {@code nodes} node processes; {@link #start} starts them:
     * {@code node <routeArguments> --node i --json <nodeArguments>}.
     *
     * @param routeArguments how the nodes reach each other: {@link #udp} or {@link #ipc}
     * @param jvmOptions extra JVM options for every node (such as {@code -Xmx256m})
     * @param errors receives every standard error line, prefixed {@code [node i] }
     */
    public NodeProcesses(int nodes, List<String> routeArguments, List<String> nodeArguments, List<String> jvmOptions,
                         Consumer<String> errors) {
        this.nodes = nodes;
        this.routeArguments = List.copyOf(routeArguments);
        this.nodeArguments = List.copyOf(nodeArguments);
        this.jvmOptions = List.copyOf(jvmOptions);
        this.errors = errors;
        for (int i = 0; i < nodes; i++) {
            processes.add(null);
            stdout.add(new CopyOnWriteArrayList<>());
        }
    }

    /** Starts every node not yet started; returns this. */
    public NodeProcesses startAll() throws IOException {
        for (int i = 0; i < nodes; i++) {
            if (processes.get(i) == null) {
                start(i);
            }
        }
        return this;
    }

    /** Starts node {@code i}. */
    public void start(int i) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-XX:+UseSerialGC"));
        command.addAll(JvmFlags.REQUIRED);
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), MAIN, "node"));
        command.addAll(routeArguments);
        command.addAll(List.of("--node", Integer.toString(i), "--json"));
        command.addAll(nodeArguments);
        Process p = new ProcessBuilder(command).start();
        processes.set(i, p);
        String prefix = "[node " + i + "] ";
        readers.add(read(p.getInputStream(), stdout.get(i)::add));
        readers.add(read(p.getErrorStream(), line -> errors.accept(prefix + line)));
    }

    private static Thread read(InputStream in, Consumer<String> sink) {
        return Thread.ofPlatform().daemon(true).start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    sink.accept(line);
                }
            } catch (IOException e) {
                sink.accept("(output lost: " + e.getMessage() + ")");
            }
        });
    }

    /** The route arguments of nodes that talk over UDP to {@code peers}. */
    public static List<String> udp(List<PeerAddress> peers) {
        return List.of("--peers", String.join(",", peers.stream().map(PeerAddress::toString).toList()));
    }

    /** The route arguments of {@code nodes} nodes that talk over IPC through the media driver in {@code driverDir}. */
    public static List<String> ipc(int nodes, java.nio.file.Path driverDir) {
        return List.of("--ipc-nodes", Integer.toString(nodes), "--aeron-dir", driverDir.toString());
    }

    /**
     * {@code n} addresses on the loopback interface with UDP ports that were free a moment ago
     * (held together while chosen, so they differ).
     */
    public static List<PeerAddress> loopbackPeers(int n) throws IOException {
        List<DatagramSocket> held = new ArrayList<>();
        try {
            List<PeerAddress> peers = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress());
                held.add(s);
                peers.add(new PeerAddress("127.0.0.1", s.getLocalPort()));
            }
            return peers;
        } finally {
            held.forEach(DatagramSocket::close);
        }
    }

    /** Node {@code i}'s process. */
    public Process process(int i) {
        return processes.get(i);
    }

    /**
     * Waits up to {@code timeout} for every process to exit and returns each one's standard
     * output lines.
     *
     * @throws IllegalStateException naming the nodes still running after the timeout (they are killed)
     */
    public List<List<String>> await(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Integer> stuck = new ArrayList<>();
        for (int i = 0; i < processes.size(); i++) {
            if (processes.get(i) == null) {
                throw new IllegalStateException("node " + i + " was never started");
            }
            long left = deadline - System.nanoTime();
            if (!processes.get(i).waitFor(Math.max(left, 1), TimeUnit.NANOSECONDS)) {
                stuck.add(i);
            }
        }
        if (!stuck.isEmpty()) {
            close();
            throw new IllegalStateException("nodes " + stuck + " were still running after " + timeout.toSeconds() + " s and were killed");
        }
        for (Thread t : readers) {
            t.join(TimeUnit.SECONDS.toMillis(5));
        }
        List<List<String>> out = new ArrayList<>();
        for (List<String> lines : stdout) {
            out.add(List.copyOf(lines));
        }
        return out;
    }

    /** Kills the processes that still run. */
    @Override
    public void close() {
        for (Process p : processes) {
            if (p != null && p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }
}
