package org.logplab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./logplab fft --kernels vector} through the launcher, on the packaged jar (failsafe runs
 * this class in {@code verify}, after {@code package}): the launcher starts the JVM with the
 * incubating Vector API for that option alone, the FFT then runs on the vector kernels, and every
 * other command line stays free of the incubator warning.
 */
class VectorKernelsIT {
    private static final String INCUBATOR_WARNING = "Using incubator modules: jdk.incubator.vector";

    /** A finished launcher run: exit status, standard output and standard error. */
    private record Run(int status, String out, String err) { }

    @Test
    void theLauncherAddsTheVectorApiForKernelsVectorAndForNothingElse(@TempDir Path dir) throws Exception {
        Path jar = PackagedJarsIT.benchJar("logplab.jar");
        // an older jar would make the launcher build one, inside this build
        Assumptions.assumeTrue(ReadmeRoutesIT.upToDate(jar), jar + " is older than the sources: run ./mvnw package"
                + " first");
        List<String> fft = List.of("fft", "--n", "2^8", "--p", "1", "--engine", "jtransforms", "--reps", "3", "--json");
        for (List<String> kernels : List.of(List.of("--kernels", "vector"), List.of("--kernels=vector"))) {
            Run vector = launch(dir, fft, kernels);
            assertThat(vector.status()).as(vector.err()).isZero();
            assertThat(vector.err()).as("%s", kernels).contains(INCUBATOR_WARNING);
            assertThat(kernelsOfEveryRow(vector.out())).as("%s", kernels).containsOnly("vector");
        }
        for (List<String> kernels : List.<List<String>>of(List.of("--kernels", "scalar"), List.of())) {
            Run scalar = launch(dir, fft, kernels);
            assertThat(scalar.status()).as(scalar.err()).isZero();
            assertThat(scalar.err()).as("%s", kernels).doesNotContain("incubator");
            // auto without the module is scalar
            assertThat(kernelsOfEveryRow(scalar.out())).as("%s", kernels).containsOnly("scalar");
        }
    }

    private static List<String> kernelsOfEveryRow(String jsonLines) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<String> kernels = new ArrayList<>();
        for (String line : jsonLines.lines().toList()) {
            JsonNode row = json.readTree(line);
            if (row.has("engine")) {
                kernels.add(row.get("kernels").asText());
            }
        }
        assertThat(kernels).as("rows in %s", jsonLines).isNotEmpty();
        return kernels;
    }

    private static Run launch(Path dir, List<String> command, List<String> more) throws Exception {
        List<String> all = new ArrayList<>(List.of("bash", JshellSession.launcher().toString()));
        all.addAll(command);
        all.addAll(more);
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder b = new ProcessBuilder(all).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        b.environment().putAll(Map.of("JAVA_HOME", System.getProperty("java.home")));
        b.environment().remove("LOGPLAB_JAVA_OPTS");
        Process p = b.start();
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("ended within 2 min").isTrue();
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
