package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.JvmFlags;

/** {@code logplab jmh} against a stand-in for JMH ({@link FakeJmh}): arguments, flags, report, failures. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class JmhCommandTest {

    @TempDir
    static Path dir;
    private static Path jar;

    @BeforeAll
    static void buildTheFakeJar() throws Exception {
        jar = dir.resolve("fake-benchmarks.jar");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, FakeJmh.class.getName());
        String entry = FakeJmh.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, m);
             InputStream in = FakeJmh.class.getResourceAsStream("/" + entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
    }

    @Test
    void theReportGoesToStandardOutputAsJsonLinesAndJmhsTextToStandardError() throws Exception {
        Path report = dir.resolve("channels.json");
        String[] args = {"jmh", "--jar", jar.toString(), "--report", report.toString(), "--json", "ChannelBenchmark",
                "-f", "1", "-wi", "0"};
        Instant before = Instant.now();
        CliTest.Outcome o = CliTest.run(args);
        Instant after = Instant.now();
        assertThat(o.code()).as(o.err()).isZero();
        // JMH got the unknown arguments in order, then the result file
        assertThat(o.err()).contains("fake jmh: ChannelBenchmark -f 1 -wi 0 -rf json -rff " + report);
        // on the JDK running logplab, with the flags the suites need
        assertThat(o.err()).contains(JvmFlags.OPEN_INTERNAL_UNSAFE);
        if (Runtime.version().feature() >= 24) {
            assertThat(o.err()).contains(JvmFlags.ALLOW_SUN_MISC_UNSAFE);
        }
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).get("ratio").asDouble()).isEqualTo(600.0 / 300.0);
        CliConventionsTest.assertProvenance(rows.get(0).get("provenance"), before, after,
                java.util.Arrays.copyOfRange(args, 0, args.length));
        assertThat(report).isRegularFile();
    }

    @Test
    void withoutJsonJmhsTextAndTheTableGoToStandardOutput() {
        CliTest.Outcome o = CliTest.run("jmh", "--jar", jar.toString(), "--report", dir.resolve("t.json").toString(),
                "-l");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).contains("fake jmh: -l -rf json", "ours / peer", "2.00");
    }

    @Test
    void aFailedBenchmarkExitsOne() {
        CliTest.Outcome o = CliTest.run("jmh", "--jar", jar.toString(), "fail");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err())
                .contains("logplab: jmh: JMH reported 1 failure (<failure> above); their results are missing");
    }

    @Test
    void jmhExitingNonZeroExitsOne() {
        CliTest.Outcome o = CliTest.run("jmh", "--jar", jar.toString(), "exit3");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).contains("logplab: jmh: JMH exited with 3");
    }

    @Test
    void anEmptyResultFileExitsOne() {
        CliTest.Outcome o = CliTest.run("jmh", "--jar", jar.toString(), "--report", dir.resolve("e.json").toString(),
                "empty");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).contains("holds no results");
    }

    @Test
    void badUsageExitsTwoInWords() {
        CliTest.Outcome missing = CliTest.run("jmh", "--jar", dir.resolve("none.jar").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).startsWith("logplab: jmh: no JMH jar at ");
        CliTest.Outcome both = CliTest.run("jmh", "--jar", jar.toString(), "--report", "x.json", "-rff", "y.json");
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("either --report or JMH's -rf/-rff");
    }
}
