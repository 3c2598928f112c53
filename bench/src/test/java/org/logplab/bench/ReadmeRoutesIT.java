package org.logplab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's ways into the library that run on the packaged {@code logplab.jar} (failsafe runs
 * this class in {@code verify}, after {@code package}): {@code ./logplab shell} itself.
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

    /** Whether {@code jar} is newer than every POM and main source, as the launcher judges it. */
    private static boolean upToDate(Path jar) throws IOException {
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
