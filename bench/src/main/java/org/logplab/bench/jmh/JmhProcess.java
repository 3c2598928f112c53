package org.logplab.bench.jmh;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.logplab.bench.JvmFlags;

/**
 * A run of the JMH suites ({@code benchmarks.jar}) in a JVM of its own: the JDK that runs this
 * one, with the JVM flags the suites need ({@link JvmFlags#forJmh()}). JMH's own output is copied
 * line by line as it comes, and its {@code <failure>} markers are counted: JMH exits 0 even when a
 * benchmark throws.
 */
public final class JmhProcess {

    /**
     * How the run ended.
     *
     * @param exitCode JMH's exit status
     * @param failures the {@code <failure>} markers JMH printed, one per benchmark that threw
     */
    public record Outcome(int exitCode, int failures) {
    }

    private JmhProcess() {
    }

    /**
     * {@code benchmarks.jar} in the folder of the jar (or the class folder's parent) that these
     * classes come from: where the build puts it beside {@code logplab.jar}.
     */
    public static Path defaultJar() throws URISyntaxException {
        Path here = Path.of(JmhProcess.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return here.getParent().resolve("benchmarks.jar");
    }

    /**
     * Runs JMH from {@code jar} with {@code arguments} in order and, when {@code report} is not
     * null, writes its JSON results there ({@code -rf json -rff report}, after deleting a file left
     * there, so that a stale one does not pass for this run's results). Waits for it to end.
     *
     * @param out where JMH's standard output is copied
     * @param err where JMH's standard error is copied
     */
    public static Outcome run(Path jar, List<String> arguments, Path report, PrintWriter out, PrintWriter err)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(JvmFlags.currentJava());
        command.addAll(JvmFlags.forJmh());
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(arguments);
        if (report != null) {
            Files.deleteIfExists(report);
            command.addAll(List.of("-rf", "json", "-rff", report.toString()));
        }
        Process jmh = new ProcessBuilder(command).start();
        jmh.getOutputStream().close();
        AtomicInteger failures = new AtomicInteger();
        Thread stdout = copy(jmh.getInputStream(), out, failures::incrementAndGet);
        Thread stderr = copy(jmh.getErrorStream(), err, failures::incrementAndGet);
        int code = jmh.waitFor();
        stdout.join();
        stderr.join();
        return new Outcome(code, failures.get());
    }

    /** Copies a stream line by line, counting JMH's failure markers. */
    private static Thread copy(InputStream in, PrintWriter to, Runnable onFailure) {
        return Thread.ofPlatform().daemon(true).start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.contains("<failure>")) {
                        onFailure.run();
                    }
                    synchronized (to) {
                        to.println(line);
                        to.flush();
                    }
                }
            } catch (IOException e) {
                to.println("logplab: jmh: lost JMH's output: " + e.getMessage());
            }
        });
    }
}
