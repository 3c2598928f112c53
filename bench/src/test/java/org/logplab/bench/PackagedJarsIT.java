package org.logplab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The jars that {@code package} built, read after it: failsafe runs this class in {@code verify},
 * when they exist. Each module's jar names its module for the module path and its version; the
 * command line's jar says which version and commit it was built from; the shaded jars ship what the command line and
 * the benchmarks run on, and none of the libraries
 * nothing calls: JUnit 4 and Hamcrest (declared by JLargeArrays for one assertion helper) and the
 * PDF export of XChart (PDFBox and its Graphics2D bridge).
 */
class PackagedJarsIT {
    private static final List<String> NEVER_SHIPPED = List.of("junit/", "org/junit/", "org/hamcrest/",
            "org/apache/pdfbox/", "org/apache/fontbox/", "de/rototor/", "org/apache/commons/logging/");

    static Path benchJar(String name) {
        return RepositoryFiles.root().resolve("bench/target").resolve(name);
    }

    @ParameterizedTest
    @CsvSource({"core, org.logplab.core", "fft, org.logplab.fft", "balance, org.logplab.balance",
            "net, org.logplab.net",
        "bench, org.logplab.bench"})
    void everyModuleJarNamesItsModuleAndVersion(String module, String moduleName) throws IOException {
        String version = RepositoryFiles.version();
        Path jar = RepositoryFiles.root().resolve(module + "/target/logplab-" + module + "-" + version + ".jar");
        if (!module.equals("bench")) {
            Assumptions.assumeTrue(Files.isRegularFile(jar), "bench was built without the reactor: no " + jar);
        }
        assertThat(jar).as("built by package, before verify").isRegularFile();
        try (JarFile j = new JarFile(jar.toFile())) {
            Attributes main = j.getManifest().getMainAttributes();
            assertThat(main.getValue("Automatic-Module-Name")).isEqualTo(moduleName);
            assertThat(main.getValue("Implementation-Version")).isEqualTo(version);
        }
        // The JDK takes the jar as the automatic module of that name (a bad name or package would throw).
        List<String> modules = ModuleFinder.of(jar).findAll().stream().map(ModuleReference::descriptor)
                .map(d -> d.name() + (d.isAutomatic() ? " (automatic)" : "")).toList();
        assertThat(modules).containsExactly(moduleName + " (automatic)");
    }

    /**
     * build.properties in logplab.jar: the POM's version, and the commit {@code git rev-parse HEAD}
     * names (its first 7 digits) when the sources are a git checkout, else an empty commit.
     */
    @Test
    void theCliJarSaysWhichVersionAndCommitItWasBuiltFrom() throws Exception {
        Properties build = new Properties();
        try (JarFile j = new JarFile(benchJar("logplab.jar").toFile())) {
            JarEntry entry = j.getJarEntry("org/logplab/bench/build.properties");
            assertThat(entry).as("org/logplab/bench/build.properties in logplab.jar").isNotNull();
            try (InputStream in = j.getInputStream(entry)) {
                build.load(in);
            }
        }
        assertThat(build.getProperty("version")).isEqualTo(RepositoryFiles.version());
        Optional<String> head = gitHead();
        if (head.isPresent()) {
            assertThat(build.getProperty("commit")).hasSize(7).matches("[0-9a-f]+");
            assertThat(head.get()).startsWith(build.getProperty("commit"));
            assertThat(build.getProperty("commit.dirty")).isIn("true", "false");
        } else {
            assertThat(build.getProperty("commit")).isEmpty();
            assertThat(build.getProperty("commit.dirty")).isEmpty();
        }
    }

    /** The full id of the checkout's HEAD by the git command, or empty when there is no git or no checkout. */
    private static Optional<String> gitHead() throws InterruptedException {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").directory(RepositoryFiles.root().toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(git.getInputStream().readAllBytes()).strip();
            if (!git.waitFor(30, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return Optional.empty();
            }
            return git.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException noGit) {
            return Optional.empty();
        }
    }

    @ParameterizedTest
    @CsvSource({"logplab.jar, org.logplab.bench.cli.LogPlabCli", "benchmarks.jar, org.openjdk.jmh.Main"})
    void theShadedJarsShipNoTestOrPdfLibraries(String name, String mainClass) throws IOException {
        Path jar = benchJar(name);
        assertThat(jar).as("built by package, before verify").isRegularFile();
        try (JarFile j = new JarFile(jar.toFile())) {
            Attributes main = j.getManifest().getMainAttributes();
            assertThat(main.getValue("Main-Class")).isEqualTo(mainClass);
            assertThat(main.getValue("Implementation-Version")).isEqualTo(RepositoryFiles.version());
            assertThat(main.getValue("Add-Opens")).isEqualTo("java.base/jdk.internal.misc");
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
