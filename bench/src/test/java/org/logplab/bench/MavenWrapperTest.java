package org.logplab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Maven Wrapper: Apache's script-only wrapper pinned to a Maven 3.9.x from Maven Central, whose
 * {@code mvnw} first points {@code JAVA_HOME} at a JDK 21 or newer with {@code .mvn/find-jdk.sh}.
 * Nothing here uses the network: the last test hands {@code mvnw} a stand-in Maven installation.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class MavenWrapperTest {
    /** The line added to the generated mvnw, before its own first command. */
    private static final String FINDER_LINE = ". \"$(dirname \"$0\")/.mvn/find-jdk.sh\" && logplab_find_jdk || exit 1";
    private static final Pattern MAVEN_39_ZIP = Pattern.compile("https://repo\\.maven\\.apache\\.org/maven2"
            + "/org/apache/maven/apache-maven/(3\\.9\\.\\d+)/apache-maven-\\1-bin\\.zip");

    private static Properties wrapperProperties() throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(RepositoryFiles.root()
                .resolve(".mvn/wrapper/maven-wrapper.properties"))) {
            p.load(r);
        }
        return p;
    }

    private static List<String> mvnw() throws IOException {
        return Files.readAllLines(RepositoryFiles.root().resolve("mvnw"), StandardCharsets.UTF_8);
    }

    @Test
    void pinsAMaven39FromCentralWithTheScriptOnlyWrapper() throws IOException {
        Properties p = wrapperProperties();
        assertThat(p.getProperty("distributionType")).isEqualTo("only-script");
        assertThat(p.getProperty("distributionUrl")).matches(MAVEN_39_ZIP);
        // The script is the one of the wrapper version the properties name, and nothing else is needed.
        assertThat(mvnw()).contains("# Apache Maven Wrapper startup batch script, version "
                + p.getProperty("wrapperVersion"));
        assertThat(RepositoryFiles.root().resolve(".mvn/wrapper/maven-wrapper.jar")).doesNotExist();
        assertThat(RepositoryFiles.root().resolve(".mvn/maven-version")).doesNotExist();
        assertThat(Files.isExecutable(RepositoryFiles.root().resolve("mvnw"))).as("mvnw is executable").isTrue();
    }

    @Test
    void mvnwFindsTheJdkBeforeItsOwnFirstCommand() throws IOException {
        List<String> code = mvnw().stream().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        assertThat(code).first().isEqualTo(FINDER_LINE);
        assertThat(code.get(1)).isEqualTo("set -euf");
    }

    /**
     * With {@code JAVA_HOME} at a JDK 17 and this test's JDK (21 or newer) on the {@code PATH}, mvnw
     * starts Maven with {@code JAVA_HOME} at this test's JDK. The stand-in Maven sits where the
     * wrapper keeps the one it downloaded: {@code $MAVEN_USER_HOME/wrapper/dists/apache-maven-<version>/<hash>},
     * the hash being Java's {@code String.hashCode} of the download URL in hex (as mvnw documents).
     */
    @Test
    void mvnwRunsMavenOnAJdk21OrNewerWhenJavaHomeIsOlder(@TempDir Path tmp) throws Exception {
        Path sh = Path.of("/bin/sh");
        Assumptions.assumeTrue(Files.isExecutable(sh), "mvnw is a POSIX sh script and there is no /bin/sh here");
        Path thisJdk = Path.of(System.getProperty("java.home")).toRealPath();
        Assumptions.assumeTrue(Files.isExecutable(thisJdk.resolve("bin/javac")),
                "the finder takes only a JDK (with javac) and this test runs on a JRE: " + thisJdk);

        Path oldJdk = Files.createDirectories(tmp.resolve("jdk-17"));
        Files.writeString(oldJdk.resolve("release"), "JAVA_VERSION=\"17.0.2\"\n");
        executable(oldJdk.resolve("bin/java"), "#!/bin/sh\nexit 1\n");
        executable(oldJdk.resolve("bin/javac"), "#!/bin/sh\nexit 1\n");

        Matcher url = MAVEN_39_ZIP.matcher(wrapperProperties().getProperty("distributionUrl"));
        assertThat(url.matches()).isTrue();
        Path mavenUserHome = tmp.resolve("m2");
        Path mavenHome = mavenUserHome.resolve("wrapper/dists/apache-maven-" + url.group(1))
                .resolve(Integer.toHexString(url.group().hashCode()));
        executable(mavenHome.resolve("bin/mvn"), "#!/bin/sh\nprintf '%s\\n' \"$JAVA_HOME\"\n");

        ProcessBuilder pb = new ProcessBuilder(sh.toString(), RepositoryFiles.root().resolve("mvnw").toString(),
                "--version")
                .directory(RepositoryFiles.root().toFile())
                .redirectOutput(tmp.resolve("out").toFile()).redirectError(tmp.resolve("err").toFile());
        pb.environment().clear();
        pb.environment().put("PATH", thisJdk.resolve("bin") + ":/usr/bin:/bin");
        pb.environment().put("HOME", tmp.toString());
        pb.environment().put("JAVA_HOME", oldJdk.toString());
        pb.environment().put("MAVEN_USER_HOME", mavenUserHome.toString());
        Process p = pb.start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("mvnw --version with a stand-in Maven took over 60 s");
        }
        String err = Files.readString(tmp.resolve("err"));
        assertThat(p.exitValue()).as(err).isZero();
        assertThat(Path.of(Files.readString(tmp.resolve("out")).strip()).toRealPath()).as(err).isEqualTo(thisJdk);
    }

    private static void executable(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
