package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.demo.TourInterruption;

/**
 * Ctrl-C, as a terminal sends it ({@code SIGINT} to the command's whole process group), on
 * {@code launch} and {@code demo}: each says once what the interrupt did and exits 130. The
 * commands run in a session of their own ({@code setsid}), so that the test can signal their group
 * as a terminal would, with {@code SIGINT} at its default action ({@code env --default-signal}: a
 * background job's children may inherit it ignored). Skipped where those tools are missing.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@Tag("slow")
class InterruptedCommandsTest {
    /** The exit status of a JVM that SIGINT ended: 128 + 2. */
    private static final int SIGINT_STATUS = 130;
    /** Seconds a command gets to reach the point where it is interrupted, on a loaded 2-core machine. */
    private static final long START_SECONDS = 120;
    /** Seconds within which an interrupted command must be gone. */
    private static final long STOP_SECONDS = 60;

    @Test
    void launchInterruptedSaysSoOnceAndExits130(@TempDir Path tmp) throws Exception {
        Jvm launch = started(List.of("-Djava.io.tmpdir=" + tmp), List.of("launch", "--nodes", "2", "--job", "ring",
                "--P", "4", "--rounds", "100000000", "--clock", "wall", "--L", "200us", "--o", "0", "--g", "0",
                "--peer-timeout", "2s"));
        try {
            assertThat(launch.awaitErr(l -> l.contains("connected to every peer"), 2, START_SECONDS))
                    .as("both nodes connect; stderr %s", launch.err).isTrue();
            interruptGroup(launch);
            assertThat(launch.awaitExit(STOP_SECONDS)).as("launch exits").isTrue();
            launch.awaitErr(l -> false, 1, 2); // the last lines of the pipe
            assertThat(launch.process.exitValue()).as("stderr %s", launch.err).isEqualTo(SIGINT_STATUS);
            assertThat(launch.err.stream().filter(l -> l.contains("interrupted: the node processes were stopped")))
                    .as("stderr %s", launch.err).hasSize(1);
            assertThat(launch.err).as("no node is said to have failed").noneMatch(l -> l.contains("failed:")
                    || l.contains("exited with status"));
        } finally {
            launch.kill();
        }
    }

    @Test
    void demoInterruptedBeforeWritingRemovesTheFolderItMade(@TempDir Path tmp) throws Exception {
        Path report = tmp.resolve("report");
        Jvm demo = started(List.of(), List.of("demo", "--quick", "--out", report.toString()));
        try {
            // step 1 measures the host and writes nothing
            assertThat(demo.awaitErr(l -> l.startsWith("[1/"), 1, START_SECONDS)).as("stderr %s", demo.err).isTrue();
            assertThat(report).isEmptyDirectory();
            interruptGroup(demo);
            assertThat(demo.awaitExit(STOP_SECONDS)).as("demo exits").isTrue();
            demo.awaitErr(l -> false, 1, 2);
            assertThat(demo.process.exitValue()).as("stderr %s", demo.err).isEqualTo(SIGINT_STATUS);
            assertThat(report).doesNotExist();
            assertThat(demo.err).as("stderr").anyMatch(l -> l.equals("logplab: demo: interrupted: removed the report"
                    + " folder " + report + ", which it had made and nothing was written to yet"));
        } finally {
            demo.kill();
        }
    }

    @Test
    void demoInterruptedLaterKeepsWhatWasWrittenMarkedPartial(@TempDir Path tmp) throws Exception {
        Path report = tmp.resolve("report");
        Jvm demo = started(List.of(), List.of("demo", "--quick", "--out", report.toString()));
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
            while (!Files.exists(report.resolve("summary.json")) && System.nanoTime() < deadline
                    && demo.process.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(report.resolve("summary.json")).as("stderr %s", demo.err).exists();
            interruptGroup(demo);
            assertThat(demo.awaitExit(STOP_SECONDS)).as("demo exits").isTrue();
            demo.awaitErr(l -> false, 1, 2);
            assertThat(demo.process.exitValue()).as("stderr %s", demo.err).isEqualTo(SIGINT_STATUS);
            assertThat(report.resolve(TourInterruption.NOTE)).content().startsWith("The demo was interrupted before"
                    + " it finished").contains("summary.json");
            assertThat(demo.err).as("stderr").anyMatch(l -> l.startsWith("logplab: demo: interrupted: the report"
                    + " folder " + report + " keeps what the finished steps wrote ("));
        } finally {
            demo.kill();
        }
    }

    /** {@code logplab <args>} in a session of its own, with SIGINT at its default action. */
    private static Jvm started(List<String> jvmOptions, List<String> args) throws IOException, InterruptedException {
        assumeTrue(works("setsid", "true"), "no setsid here to give the command a process group of its own");
        assumeTrue(works("env", "--default-signal=INT", "true"), "this env cannot reset SIGINT to its default action");
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT", "setsid"));
        command.addAll(Jvm.command(jvmOptions, args));
        return Jvm.startCommand(command, Map.of());
    }

    /** Sends SIGINT to the command's process group, as Ctrl-C on a terminal does. */
    private static void interruptGroup(Jvm jvm) throws IOException, InterruptedException {
        // setsid, not being a group leader, made the session in place: the JVM's pid is its group's id
        Process kill = new ProcessBuilder("kill", "-INT", "--", "-" + jvm.process.pid()).inheritIO().start();
        assertThat(kill.waitFor()).as("kill -INT -- -%d", jvm.process.pid()).isZero();
    }

    private static boolean works(String... command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
