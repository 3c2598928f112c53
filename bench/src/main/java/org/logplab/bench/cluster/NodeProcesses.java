package org.logplab.bench.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.logplab.bench.JvmFlags;
import org.logplab.net.DriverDirectories;
import org.logplab.net.PeerAddress;

/**
 * The node processes of one multi-process run on this host: {@code logplab node} in a fresh JVM
 * per node (same Java, same class path as this one), with their standard output collected and
 * their standard error passed on line by line, prefixed with the node.
 *
 * <p><b>Nothing left behind.</b> The nodes keep their media drivers' directories in one folder,
 * {@code logplab-launch-*} in the temporary folder ({@link #workDir()}), and watch this process:
 * one whose launcher is gone fails its run and exits. {@link #close()} stops every node still
 * running, and their descendants: politely first (each removes its driver's files), after
 * {@link #GRACE} forcibly; then it removes the folder. A shutdown hook does the same when this
 * JVM ends before {@code close()} (a signal, {@code System.exit}). A node's full heap ends it
 * ({@code -XX:+ExitOnOutOfMemoryError}) instead of keeping it in the collector for minutes.
 */
public final class NodeProcesses implements AutoCloseable {
    /** How long stopped nodes get to end by themselves (and remove their files) before they are killed. */
    public static final Duration GRACE = Duration.ofSeconds(3);
    /** How long killed processes get to disappear before the folder is removed anyway. */
    private static final Duration KILL_WAIT = Duration.ofSeconds(5);
    private final List<Process> processes = new ArrayList<>();
    private final List<List<String>> stdout = new ArrayList<>();
    private final List<Thread> readers = new ArrayList<>();
    private final Thread hook = new Thread(this::stopAtExit, "logplab-stop-nodes");
    private final AtomicBoolean interruptionSaid = new AtomicBoolean();
    private volatile boolean stoppedAtExit;
    private Path workDir;
    private boolean closed;

    private final List<String> nodeCommand;
    private final int nodes;
    private final List<String> routeArguments;
    private final List<String> nodeArguments;
    private final List<String> jvmOptions;
    private final Consumer<String> errors;
    private IntFunction<List<String>> commandPrefix = i -> List.of();

    /**
     * {@code nodes} node processes; {@link #start} starts them: {@code <nodeCommand> <routeArguments>
     * --node i --json --work-dir <workDir()> --launcher-pid <this JVM's pid> <nodeArguments>}.
     *
     * @param nodeCommand the main class on this JVM's class path and the words after it that run
     *     {@code logplab node} (the command line's main class and {@code node}; the launcher names them)
     * @param routeArguments how the nodes reach each other: {@link #udp} or {@link #ipc}
     * @param jvmOptions extra JVM options for every node (such as {@code -Xmx256m})
     * @param errors receives every standard error line, prefixed {@code [node i] }
     */
    public NodeProcesses(List<String> nodeCommand, int nodes, List<String> routeArguments, List<String> nodeArguments,
                         List<String> jvmOptions, Consumer<String> errors) {
        if (nodeCommand.isEmpty()) {
            throw new IllegalArgumentException("the node command needs at least its main class");
        }
        this.nodeCommand = List.copyOf(nodeCommand);
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

    /**
     * Starts node {@code i}'s JVM behind the words {@code prefix.apply(i)}, such as {@code ip netns
     * exec <namespace>} (a command that ends by executing the rest, so that the process handle is
     * the JVM's); for nodes started after this call. Returns this.
     */
    public NodeProcesses commandPrefix(IntFunction<List<String>> prefix) {
        this.commandPrefix = prefix;
        return this;
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
    public synchronized void start(int i) throws IOException {
        if (closed) {
            throw new IllegalStateException("these node processes have been stopped");
        }
        if (workDir == null) {
            workDir = DriverDirectories.create(null, "logplab-launch-");
            Runtime.getRuntime().addShutdownHook(hook);
        }
        String java = JvmFlags.currentJava();
        List<String> command = new ArrayList<>(commandPrefix.apply(i));
        command.addAll(List.of(java, "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError"));
        command.addAll(JvmFlags.REQUIRED);
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path")));
        command.addAll(nodeCommand);
        command.addAll(routeArguments);
        command.addAll(List.of("--node", Integer.toString(i), "--json", "--work-dir", workDir.toString(),
                "--launcher-pid", Long.toString(ProcessHandle.current().pid())));
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
    public static List<String> ipc(int nodes, Path driverDir) {
        return List.of("--ipc-nodes", Integer.toString(nodes), "--aeron-dir", driverDir.toString());
    }

    /**
     * {@code n} addresses on the loopback interface with UDP ports that were free a moment ago
     * (held together while chosen, so they differ).
     */
    public static List<PeerAddress> loopbackPeers(int n) throws IOException {
        return PeerAddress.loopback(n);
    }

    /** Node {@code i}'s process. */
    public Process process(int i) {
        return processes.get(i);
    }

    /** The folder of the nodes' media driver directories (null before the first start); removed by {@link #close()}. */
    public synchronized Path workDir() {
        return workDir;
    }

    /**
     * Waits up to {@code timeout} for every process to exit and returns each one's standard
     * output lines; see {@link #await(Duration, Duration)}.
     */
    public List<List<String>> await(Duration timeout) throws InterruptedException {
        return await(timeout, timeout);
    }

    /**
     * Waits up to {@code timeout} for every process to exit and returns each one's standard
     * output lines. Once a node has exited with a non-zero status, the others get
     * {@code afterFailure} to end by themselves (the run's protocol tells them of the failure);
     * those still running then are stopped (see {@link #close()}), and said so to the error lines.
     *
     * @throws NodesStillRunningException naming the nodes still running after the timeout (they are stopped)
     */
    public List<List<String>> await(Duration timeout, Duration afterFailure) throws InterruptedException {
        for (int i = 0; i < processes.size(); i++) {
            if (processes.get(i) == null) {
                throw new IllegalStateException("node " + i + " was never started");
            }
        }
        long now = System.nanoTime();
        long deadline = now + timeout.toNanos();
        long failedDeadline = Long.MAX_VALUE;
        int failed = -1;
        while (true) {
            List<Integer> running = new ArrayList<>();
            for (int i = 0; i < processes.size(); i++) {
                Process p = processes.get(i);
                if (p.isAlive()) {
                    running.add(i);
                } else if (failed < 0 && p.exitValue() != 0) {
                    failed = i;
                    failedDeadline = System.nanoTime() + afterFailure.toNanos();
                }
            }
            if (running.isEmpty()) {
                break;
            }
            now = System.nanoTime();
            if (now - deadline >= 0) {
                close();
                throw new NodesStillRunningException("nodes " + running + " were still running after "
                        + timeout.toSeconds() + " s and were stopped");
            }
            if (now - failedDeadline >= 0) {
                errors.accept("nodes " + running + " were still running " + afterFailure.toSeconds() + " s after node "
                        + failed + " failed (exit status " + processes.get(failed).exitValue() + ") and were stopped");
                close();
                break;
            }
            processes.get(running.get(0)).waitFor(Math.min(50_000_000, Math.min(deadline, failedDeadline) - now),
                    TimeUnit.NANOSECONDS);
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

    /**
     * The shutdown hook: this JVM ends before {@link #close()} (a signal such as Ctrl-C, which
     * the nodes, in the same process group on a terminal, may have had too): says so once, then
     * stops the nodes.
     */
    private void stopAtExit() {
        stoppedAtExit = true;
        sayInterrupted();
        close();
    }

    /** Whether the nodes were stopped because this JVM was ending (the shutdown hook), not by {@link #close()}. */
    public boolean stoppedAtExit() {
        return stoppedAtExit;
    }

    /**
     * Says on the error lines that the run was interrupted and its nodes stopped: once, whether
     * the shutdown hook or the caller that saw the nodes end by the interrupt says it first.
     */
    public void sayInterrupted() {
        if (interruptionSaid.compareAndSet(false, true)) {
            errors.accept("interrupted: the node processes were stopped");
        }
    }

    /** Node {@code i}'s exit status, or null while it runs (or was never started). */
    public Integer exitValue(int i) {
        Process p = processes.get(i);
        return p == null || p.isAlive() ? null : p.exitValue();
    }

    /**
     * Stops every node process still running and its descendants: a polite request first
     * ({@code SIGTERM}: each node removes its driver's files), after {@link #GRACE} a kill; then
     * removes the nodes' folder. Idempotent; safe from the shutdown hook and any thread at once
     * (a second caller waits for the first to finish).
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (Thread.currentThread() != hook && workDir != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway, finds this closed and returns
            }
        }
        List<ProcessHandle> all = new ArrayList<>();
        for (Process p : processes) {
            if (p != null) {
                // Collected before anything ends: the children of an ended process are no longer its descendants.
                p.descendants().forEach(all::add);
                all.add(p.toHandle());
            }
        }
        all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroy);
        if (!awaitExit(all, GRACE)) {
            all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
            awaitExit(all, KILL_WAIT);
        }
        if (workDir != null) {
            DriverDirectories.delete(workDir);
        }
    }

    /** Waits up to {@code timeout} for every process to end; whether all did. */
    private static boolean awaitExit(List<ProcessHandle> handles, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (ProcessHandle h : handles) {
            long left = deadline - System.nanoTime();
            try {
                if (left <= 0) {
                    return handles.stream().noneMatch(ProcessHandle::isAlive);
                }
                h.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                return false;
            } catch (ExecutionException e) {
                // onExit never fails; nothing to wait for
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
