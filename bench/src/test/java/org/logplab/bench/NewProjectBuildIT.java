package org.logplab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.cli.LogPlabCli;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * What {@code logplab new} writes builds and passes its own test, as a user's project, against
 * {@code logplab-core} and {@code logplab-testkit} installed from this checkout: the reactor's
 * POMs, {@code .mvn/}, the wrapper and the main sources of core and testkit are copied to a
 * temporary folder (so that this build's own {@code target/} folders, in use, are left alone) and
 * installed from there into a temporary local repository whose tail, read only, is the user's
 * ({@code maven.repo.local.tail}, Maven 3.9); then {@code mvn test} runs in the new project on the
 * same two repositories. Maven runs offline throughout: the test is skipped, saying why, when
 * something it needs was never downloaded, and while the reactor has no {@code testkit} module.
 */
@Tag("slow")
class NewProjectBuildIT {
    private static final List<String> LIBRARY = List.of("core", "testkit");

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void aNewProjectBuildsAndPassesItsTestAgainstTheFreshlyInstalledLibrary(@TempDir Path tmp) throws Exception {
        Path root = RepositoryFiles.root();
        Assumptions.assumeTrue(Files.isRegularFile(root.resolve("testkit/pom.xml")),
                "the reactor has no testkit module (testkit/pom.xml), which a new project's test depends on");
        Path checkout = tmp.resolve("logplab");
        copyLibrarySources(root, checkout);
        List<String> repositories = List.of("-Dmaven.repo.local=" + tmp.resolve("repository"),
                "-Dmaven.repo.local.tail=" + userRepository());

        List<String> install = new ArrayList<>(List.of("-pl", String.join(",", LIBRARY), "-am", "install",
                "-Dmaven.test.skip=true", "-Dcheckstyle.skip"));
        install.addAll(repositories);
        assertBuilt(maven(checkout, checkout.resolve("pom.xml"), install, tmp.resolve("install.log")));

        Path project = tmp.resolve("demo-algo");
        StringWriter err = new StringWriter();
        int code = LogPlabCli.execute(new PrintWriter(new StringWriter()), new PrintWriter(err, true), "new",
                "demo-algo", "--dir", project.toString());
        assertThat(code).as(err.toString()).isZero();

        List<String> test = new ArrayList<>(List.of("test"));
        test.addAll(repositories);
        String log = assertBuilt(maven(checkout, project.resolve("pom.xml"), test, tmp.resolve("test.log")));
        // one run per parameter set of the generated test
        assertThat(log).contains("Tests run: 5, Failures: 0, Errors: 0, Skipped: 0", "BUILD SUCCESS");
    }

    /** A build's outcome: its exit code and its log. */
    private record Build(int code, String log) {
    }

    /** The log of a build that succeeded; skips the test when Maven, offline, lacked something. */
    private static String assertBuilt(Build build) {
        if (build.code() != 0) {
            List<String> offline = build.log().lines()
                    .filter(l -> l.contains("offline") || l.contains("has not been downloaded from it before"))
                    .toList();
            Assumptions.assumeTrue(offline.isEmpty(), "Maven cannot run offline here: "
                    + String.join(" | ", offline.subList(0, Math.min(3, offline.size()))));
        }
        assertThat(build.code()).as(build.log()).isZero();
        return build.log();
    }

    /** Runs the copied checkout's wrapper, offline and in batch mode, on {@code pom}. */
    private static Build maven(Path checkout, Path pom, List<String> args, Path log) throws Exception {
        List<String> command = new ArrayList<>(List.of(checkout.resolve("mvnw").toString(), "-B", "-ntp", "-o",
                "-f", pom.toString()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(pom.getParent().toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = builder.start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("Maven still running after 10 min: " + Files.readString(log));
        }
        return new Build(p.exitValue(), Files.readString(log));
    }

    /** The local repository of the user who runs this build, the tail of the temporary one. */
    private static Path userRepository() {
        String configured = System.getProperty("maven.repo.local");
        return configured != null ? Path.of(configured)
                : Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    /** The root and every module's POM, {@code .mvn/}, the wrapper, and the main sources of the library. */
    private static void copyLibrarySources(Path root, Path checkout) throws IOException {
        List<Path> paths = new ArrayList<>(List.of(Path.of("pom.xml"), Path.of("mvnw"), Path.of(".mvn")));
        for (String module : modules()) {
            paths.add(Path.of(module, "pom.xml"));
            if (LIBRARY.contains(module)) {
                paths.add(Path.of(module, "src", "main"));
            }
        }
        for (Path path : paths) {
            try (Stream<Path> files = Files.walk(root.resolve(path))) {
                for (Path from : files.filter(Files::isRegularFile).toList()) {
                    Path to = checkout.resolve(root.relativize(from));
                    Files.createDirectories(to.getParent());
                    Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    /** The modules the root POM lists. */
    private static List<String> modules() throws IOException {
        List<String> modules = new ArrayList<>();
        for (Node n = RepositoryFiles.pom("pom.xml").getDocumentElement().getFirstChild(); n != null;
                n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals("modules")) {
                for (Node m = e.getFirstChild(); m != null; m = m.getNextSibling()) {
                    if (m instanceof Element module) {
                        modules.add(module.getTextContent().strip());
                    }
                }
            }
        }
        return modules;
    }
}
