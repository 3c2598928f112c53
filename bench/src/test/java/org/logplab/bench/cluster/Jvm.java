package org.logplab.bench.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A {@code logplab} command in a JVM of its own (this Java, the test class path), with its
 * standard output and error collected line by line as they come: for tests of what happens to
 * processes, which an in-process run cannot show.
 */
final class Jvm {
    static final String MAIN = "org.logplab.bench.cli.LogPlabCli";
    /** The main class and the word that run {@code logplab node}, as a launcher gives them to {@link NodeProcesses}. */
    static final List<String> NODE = List.of(MAIN, "node");
    final Process process;
    final List<String> out = new CopyOnWriteArrayList<>();
    final List<String> err = new CopyOnWriteArrayList<>();

    /** The threads copying the process's standard output and error; each ends at its stream's end. */
    private final List<Thread> readers = new ArrayList<>();

    private Jvm(Process process) {
        this.process = process;
        readers.add(collect(process.getInputStream(), out));
        readers.add(collect(process.getErrorStream(), err));
    }

    /** The command line that runs {@code logplab <args>} in a new JVM with {@code jvmOptions}. */
    static List<String> command(List<String> jvmOptions, List<String> args) {
        List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx256m"));
        c.addAll(org.logplab.bench.JvmFlags.REQUIRED);
        c.addAll(jvmOptions);
        c.addAll(List.of("-cp", System.getProperty("java.class.path"), MAIN));
        c.addAll(args);
        return c;
    }

    /**
     * Starts {@code logplab <args>} with {@code environment} added to this JVM's (whose launcher
     * variables, should it have any, are not passed on).
     */
    static Jvm start(List<String> jvmOptions, Map<String, String> environment, List<String> args) throws IOException {
        return startCommand(command(jvmOptions, args), environment);
    }

    /** Starts any command, with its environment and output as {@link #start}'s. */
    static Jvm startCommand(List<String> command, Map<String, String> environment) throws IOException {
        ProcessBuilder b = new ProcessBuilder(command);
        for (LauncherEnvironment.Pair p : LauncherEnvironment.PAIRS) {
            b.environment().remove(p.rank());
            b.environment().remove(p.size());
        }
        b.environment().putAll(environment);
        return new Jvm(b.start());
    }

    private static Thread collect(InputStream in, List<String> sink) {
        return Thread.ofPlatform().daemon(true).start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    sink.add(line);
                }
            } catch (IOException e) {
                sink.add("(output lost: " + e + ")");
            }
        });
    }

    /** Waits up to {@code seconds} until {@code count} error lines match; whether they did. */
    boolean awaitErr(Predicate<String> line, int count, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (err.stream().filter(line).count() < count) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            if (!process.isAlive()) {
                drained(deadline); // the last lines may still be on their way from the pipe
                return err.stream().filter(line).count() >= count;
            }
            Thread.sleep(50);
        }
        return true;
    }

    /** Waits, until {@code deadline} (of {@link System#nanoTime}) at the latest, for both streams to have been read to
     * their end. */
    private void drained(long deadline) throws InterruptedException {
        for (Thread reader : readers) {
            reader.join(java.time.Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
        }
    }

    /** Waits up to {@code seconds} for the exit; kills the process and returns false if it did not end. */
    boolean awaitExit(long seconds) throws InterruptedException {
        if (process.waitFor(seconds, TimeUnit.SECONDS)) {
            return true;
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
        return false;
    }

    /** Kills the process and its descendants if still running (a test's clean-up). */
    void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
