package org.logplab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The jars that {@code package} built, read after it: failsafe runs this class in {@code verify},
 * when they exist. The shaded jars ship what the command line and the benchmarks run on, and none
 * of the libraries nothing calls: JUnit 4 and Hamcrest (declared by JLargeArrays for one assertion
 * helper) and the PDF export of XChart (PDFBox and its Graphics2D bridge).
 */
class PackagedJarsIT {
    private static final List<String> NEVER_SHIPPED = List.of("junit/", "org/junit/", "org/hamcrest/",
            "org/apache/pdfbox/", "org/apache/fontbox/", "de/rototor/", "org/apache/commons/logging/");

    static Path benchJar(String name) {
        return RepositoryFiles.root().resolve("bench/target").resolve(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"logplab.jar", "benchmarks.jar"})
    void theShadedJarsShipNoTestOrPdfLibraries(String name) throws IOException {
        Path jar = benchJar(name);
        assertThat(jar).as("built by package, before verify").isRegularFile();
        try (JarFile j = new JarFile(jar.toFile())) {
            List<String> names = j.stream().map(JarEntry::getName).toList();
            assertThat(names).filteredOn(n -> NEVER_SHIPPED.stream().anyMatch(n::startsWith)).isEmpty();
            // What the exclusions must leave in: the CLI, the charts (PNG), the FFT peer and its thread pool.
            assertThat(names).contains("org/logplab/bench/cli/LogPlabCli.class", "org/knowm/xchart/XYChart.class",
                    "org/knowm/xchart/ChartEncoder.class", "org/jtransforms/fft/DoubleFFT_1D.class",
                    "org/visnow/jlargearrays/ConcurrencyUtils.class", "org/openjdk/jmh/Main.class");
            // A merged jar keeps no signature of the jars it merged.
            assertThat(names).noneMatch(n -> n.matches("META-INF/[^/]+\\.(SF|DSA|RSA|EC)"));
        }
    }
}
