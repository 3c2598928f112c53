package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@code logplab} launcher script with JVM options the JVM refuses: one line naming
 * {@code LOGPLAB_JAVA_OPTS} and the JVM's reason, exit 2, before it builds or starts anything
 * (so the test needs no jar).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LauncherScriptTest {

    /** What the script printed on standard error and its exit status. */
    private record Ended(int status, String err) { }

    @Test
    void optionsTheJvmRefusesAreNamedInOneLineWithExitTwo() throws Exception {
        for (List<String> c : List.of(List.of("-Xfoo", "Unrecognized option: -Xfoo"),
                List.of("-Xmx64m -XX:+NoSuchFlag", "Unrecognized VM option 'NoSuchFlag'"),
                List.of("-Xmxlots", "Invalid maximum heap size: -Xmxlots"))) {
            Ended e = launch(c.get(0), "--version");
            assertThat(e.status()).as(e.err()).isEqualTo(2);
            assertThat(e.err().lines().toList()).singleElement().asString()
                    .isEqualTo("logplab: the JVM refused LOGPLAB_JAVA_OPTS ('" + c.get(0) + "'): " + c.get(1));
        }
    }

    /** Runs the launcher with {@code LOGPLAB_JAVA_OPTS=javaOpts}; skipped where it cannot run here. */
    private static Ended launch(String javaOpts, String... args) throws IOException, InterruptedException {
        Path script = Path.of("..", "logplab").toAbsolutePath().normalize();
        assumeTrue(Files.isExecutable(script), "the launcher " + script + " is not here (tests run from a module"
                + " folder of the repository)");
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")) || Files.isExecutable(Path.of("/usr/bin/bash")),
                "no bash to run the launcher with");
        ProcessBuilder b = new ProcessBuilder(script.toString());
        b.command().addAll(List.of(args));
        b.environment().put("LOGPLAB_JAVA_OPTS", javaOpts);
        // the JDK running this test is one the launcher accepts
        b.environment().put("JAVA_HOME", System.getProperty("java.home"));
        b.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = b.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the launcher ended").isTrue();
        return new Ended(p.exitValue(), err);
    }
}
