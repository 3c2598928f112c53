package org.logplab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ways into the library that {@code docs/library.md} shows and that run on the packaged
 * {@code logplab.jar} (failsafe runs this class in {@code verify}, after {@code package}):
 * {@code ./logplab shell} itself, and one source file with a {@code main} launched by
 * {@code java --class-path logplab.jar}.
 */
class ReadmeRoutesIT {

    @Test
    void theLaunchersShellRunsTheReadmeSnippet(@TempDir Path dir) throws Exception {
        JshellSession.jshell();
        Path jar = PackagedJarsIT.benchJar("logplab.jar");
        // an older jar would make the launcher build one, inside this build
        Assumptions.assumeTrue(upToDate(jar), jar + " is older than the sources: run ./mvnw package first");
        List<String> command = List.of("bash", JshellSession.launcher().toString(), "shell");
        String transcript = JshellSession.run(command, dir, ShellTest.readmeSnippet().text(),
                Map.of("JAVA_HOME", System.getProperty("java.home")));
        assertThat(JshellSession.failures(transcript)).as(transcript).isEmpty();
        assertThat(transcript).contains("==> 34");
    }

    @Test
    void oneSourceFileRunsOnTheCommandLinesJar(@TempDir Path dir) throws Exception {
        Path guide = RepositoryFiles.root().resolve("docs/library.md");
        assertThat(Files.readString(guide)).contains("java --class-path bench/target/logplab.jar MyAlgo.java");
        JavaBlock myAlgo = JavaBlock.in(guide).stream()
                .filter(b -> b.declaredType().orElse("").equals("MyAlgo")).findFirst().orElseThrow();
        Files.writeString(dir.resolve("MyAlgo.java"), myAlgo.text());
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(JvmFlags.currentJava(), "--class-path",
                PackagedJarsIT.benchJar("logplab.jar").toString(), "MyAlgo.java").directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("ended within 2 min").isTrue();
        assertThat(p.exitValue()).as(Files.readString(err)).isZero();
        // 8 hops of L + 2o = 10
        assertThat(Files.readString(out)).isEqualTo("makespan 80 = P(L + 2o) = 80\n");
        assertThat(Files.readString(err)).as("no JVM warning").isEmpty();
    }

    /** Whether {@code jar} is newer than every POM and main source, as the launcher judges it. */
    static boolean upToDate(Path jar) throws IOException {
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        FileTime built = Files.getLastModifiedTime(jar);
        Path root = RepositoryFiles.root();
        List<Path> inputs = new ArrayList<>(List.of(root.resolve("pom.xml")));
        try (Stream<Path> modules = Files.list(root)) {
            modules.filter(Files::isDirectory).forEach(m -> {
                inputs.add(m.resolve("pom.xml"));
                inputs.add(m.resolve("src/main"));
            });
        }
        for (Path input : inputs) {
            if (!Files.exists(input)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(input)) {
                if (files.filter(Files::isRegularFile).anyMatch(f -> newer(f, built))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean newer(Path file, FileTime than) {
        try {
            return Files.getLastModifiedTime(file).compareTo(than) > 0;
        } catch (IOException e) {
            return true;
        }
    }
}
