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
import org.logplab.bench.output.JsonLines;

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
    void alternateRunsOneForkPerPassAndReportsThePassesAsOneRunOfAsManyForks() throws Exception {
        Path report = dir.resolve("alternate.json");
        CliTest.Outcome o = CliTest.run("jmh", "--jar", jar.toString(), "--alternate", "3", "--report",
                report.toString(), "--json", "ChannelBenchmark", "-wi", "0");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).contains("jmh: pass 1 of 3", "jmh: pass 2 of 3", "jmh: pass 3 of 3");
        // each pass: the user's arguments, one fork, then its own result file
        assertThat(o.err().split("fake jmh: ChannelBenchmark -wi 0 -f 1 -rf json -rff ", -1)).hasSize(4);
        JsonNode merged = JsonLines.MAPPER.readTree(report.toFile());
        assertThat(merged).hasSize(2);
        // three passes of the fake's one fork of 600 and of 300 ns/op
        assertThat(merged.get(0).path("forks").asInt()).isEqualTo(3);
        assertThat(merged.get(0).path("primaryMetric").path("rawData").toString()).isEqualTo("[[600],[600],[600]]");
        JsonNode ratio = o.json().get(0);
        assertThat(ratio.get("ours_forks").asInt()).isEqualTo(3);
        assertThat(ratio.get("ours_steadiness").asText()).isEqualTo("steady");
        assertThat(ratio.get("ratio").asDouble()).isEqualTo(2.0);
        assertThat(o.json()).filteredOn(r -> r.get("table").asText().equals("steadiness")).hasSize(2);
    }

    @Test
    void alternateWithoutReportStillPrintsTheTables() {
        CliTest.Outcome o = CliTest.run("jmh", "--jar", jar.toString(), "--alternate", "2");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).contains("ours / peer", "2.00", "steady");
    }

    @Test
    void aFailedPassExitsOneNamingThePass() {
        CliTest.Outcome o = CliTest.run("jmh", "--jar", jar.toString(), "--alternate", "2", "--report",
                dir.resolve("failed.json").toString(), "fail");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).contains("logplab: jmh: pass 1 of 2: JMH reported 1 failure");
        assertThat(o.err()).doesNotContain("pass 2 of 2");
        assertThat(dir.resolve("failed.json")).doesNotExist();
    }

    @Test
    void alternateRefusesJmhsOwnForksAndResultFileAndTooFewPasses() {
        CliTest.Outcome forks = CliTest.run("jmh", "--jar", jar.toString(), "--alternate", "3", "-f", "2");
        assertThat(forks.code()).isEqualTo(2);
        assertThat(forks.err()).startsWith("logplab: jmh: give either --alternate N or JMH's -f");
        assertThat(CliTest.run("jmh", "--jar", jar.toString(), "--alternate", "3", "-f5").code()).isEqualTo(2);
        CliTest.Outcome rff = CliTest.run("jmh", "--jar", jar.toString(), "--alternate", "3", "-rff", "y.json");
        assertThat(rff.code()).isEqualTo(2);
        assertThat(rff.err()).contains("give either --alternate or JMH's -rf/-rff");
        CliTest.Outcome one = CliTest.run("jmh", "--jar", jar.toString(), "--alternate", "1");
        assertThat(one.code()).isEqualTo(2);
        assertThat(one.err()).contains("--alternate must be 2..100 passes, got 1");
        // -foe (fail on error) is not -f
        assertThat(CliTest.run("jmh", "--jar", jar.toString(), "--alternate", "2", "-foe", "true").code()).isZero();
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
