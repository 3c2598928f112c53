package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The command line end to end: exit codes, one-line errors, and the documented JSON fields. */
class CliTest {

    /** What one invocation printed and returned. */
    record Outcome(int code, String out, String err) {
        List<JsonNode> json() throws Exception {
            return out.lines().filter(l -> !l.isBlank()).map(l -> {
                try {
                    return JsonLines.MAPPER.readTree(l);
                } catch (Exception e) {
                    throw new AssertionError("not JSON: " + l, e);
                }
            }).toList();
        }
    }

    static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LogPlabCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Outcome(code, out.toString(), err.toString());
    }

    @Test
    void unknownTopLevelOptionExitsTwoWithOneLogplabLine() {
        Outcome o = run("--bogus");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().lines().filter(l -> l.startsWith("logplab: ")).toList())
                .singleElement().asString().contains("--bogus");
        assertThat(o.err().lines().findFirst().orElseThrow()).startsWith("logplab: ");
        assertThat(o.err()).doesNotContain("Exception").contains("Usage: logplab");
        assertThat(o.out()).isEmpty();
    }

    @Test
    void helpExitsZeroAndListsTheCommands() {
        Outcome o = run("--help");
        assertThat(o.code()).isZero();
        assertThat(o.out()).contains("Usage: logplab", "measure", "pingpong", "demo");
    }

    @Test
    void unknownOptionExitsTwoWithOneLogplabLine() {
        Outcome o = run("measure", "--bogus");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().lines().findFirst().orElseThrow()).startsWith("logplab: ").contains("--bogus");
        assertThat(o.err()).doesNotContain("Exception").contains("Usage:");
    }

    @Test
    void missingCommandExitsTwo() {
        assertThat(run().code()).isEqualTo(2);
    }

    @Test
    void badDurationNamesTheText() {
        Outcome o = run("measure", "--L", "fast");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("'fast' is not a duration");
    }

    @Test
    void negativeDurationIsRejected() {
        Outcome o = run("pingpong", "--L", "-5us");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("must not be negative");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void measureJsonHasTheDocumentedFields() throws Exception {
        Outcome o = run("measure", "--L", "100us", "--o", "20us", "--g", "40us", "--reps", "5", "--n", "4", "--json");
        assertThat(o.code()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(2);
        for (JsonNode row : rows) {
            assertThat(row.fieldNames()).toIterable().contains("baseline", "injected_L_ns", "injected_o_ns",
                    "injected_g_ns", "L_ns", "o_ns", "g_ns", "size_bytes", "reps");
        }
        assertThat(rows.get(0).get("baseline").asBoolean()).isTrue();
        assertThat(rows.get(1).get("injected_L_ns").asLong()).isEqualTo(100_000);
        // core's estimator records every message's latency; the rows say so
        assertThat(rows).allSatisfy(r -> assertThat(r.get("latency").asText()).isEqualTo("all"));
        // injection only adds time: the estimate of L + 2o cannot fall below the injected one
        assertThat(rows.get(1).get("L_ns").asDouble() + 2 * rows.get(1).get("o_ns").asDouble()).isGreaterThanOrEqualTo(130_000);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void pingpongPrintsOneRowPerSizeAndTheHockneyFit() throws Exception {
        Outcome o = run("pingpong", "--sizes", "8,4k", "--reps", "200", "--json");
        assertThat(o.code()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0).get("size_bytes").asInt()).isEqualTo(8);
        assertThat(rows.get(1).get("size_bytes").asInt()).isEqualTo(4096);
        assertThat(rows.get(0).fieldNames()).toIterable().contains("oneway_ns_p50", "oneway_ns_min", "mb_per_s");
        assertThat(rows.get(0).get("latency").asText()).isEqualTo("all");
        assertThat(rows.get(2).get("fit").asText()).isEqualTo("hockney");
        assertThat(rows.get(2).fieldNames()).toIterable().contains("t0_ns", "r_inf_bytes_per_ns", "m_half_bytes", "pi0_per_ns", "r2");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void pingpongMeasuresAeronToo() throws Exception {
        Outcome o = run("pingpong", "--transport", "aeron-ipc", "--sizes", "8,4k", "--reps", "200", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        // Per size the transport's own path, then per size the cluster's, then a fit of each.
        assertThat(rows).hasSize(6);
        assertThat(rows).extracting(r -> r.path("path").asText()).containsExactly("aeron", "aeron", "cluster", "cluster",
                "aeron", "cluster");
        assertThat(rows.get(0).get("transport").asText()).isEqualTo("aeron-ipc");
        assertThat(rows.get(3).get("size_bytes").asLong()).isEqualTo(4096);
        assertThat(rows.get(1).get("oneway_ns_p50").asLong()).isPositive();
        assertThat(rows.get(3).get("oneway_ns_p50").asLong()).isPositive();
        assertThat(rows.get(4).get("fit").asText()).isEqualTo("hockney");
        assertThat(rows.get(5).get("fit").asText()).isEqualTo("hockney");
        assertThat(rows.get(0).get("latency").isNull()).as("Aeron does not run on the runtime").isTrue();
        assertThat(run("pingpong", "--transport", "aeron-udp", "--L", "5us").err()).contains("in-process runtime only");
        assertThat(run("pingpong", "--transport", "tcp").err()).contains("unknown transport 'tcp'");
        Outcome m = run("measure", "--transport", "aeron-ipc", "--reps", "5", "--json");
        assertThat(m.code()).as(m.err()).isZero();
        List<JsonNode> both = m.json();
        assertThat(both).hasSize(2);
        assertThat(both.get(0).get("transport").asText()).isEqualTo("inprocess");
        assertThat(both.get(1).get("transport").asText()).isEqualTo("aeron-ipc");
        assertThat(both.get(0).get("latency").asText()).isEqualTo("all");
        assertThat(both.get(1).get("latency").isNull()).isTrue();
        assertThat(both.get(1).fieldNames()).toIterable().contains("L_ns", "o_ns", "g_ns", "t0_ns", "r_inf_bytes_per_ns", "m_half_bytes");
        assertThat(both.get(1).get("t0_ns").asDouble()).isPositive();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void scaleReportsExactMakespans() throws Exception {
        Outcome o = run("scale", "--P", "1000,3000", "--json");
        assertThat(o.code()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(2);
        for (JsonNode row : rows) {
            assertThat(row.get("makespan").asLong()).isEqualTo(row.get("predicted").asLong());
            assertThat(row.get("events").asLong()).isEqualTo(2L * (row.get("P").asLong() - 1));
        }
        // Butterfly on 1024 = 2^10: 10 exchange steps, each rank sends and receives once per step.
        JsonNode butterfly = run("scale", "--algo", "butterfly", "--P", "1024", "--json").json().get(0);
        assertThat(butterfly.get("events").asLong()).isEqualTo(2L * 10 * 1024);
        assertThat(butterfly.get("ok").asBoolean()).isTrue();
        JsonNode optimal = run("scale", "--algo", "optimal", "--P", "1000", "--json").json().get(0);
        assertThat(optimal.get("makespan").asLong()).isEqualTo(optimal.get("predicted").asLong());
        assertThat(optimal.get("ok").asBoolean()).isTrue();
        assertThat(run("scale", "--algo", "ring").err()).contains("--algo must be tree, optimal or butterfly");
    }

    @Test
    @Tag("slow")
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void quickDemoWritesTheReportFolder(@TempDir Path dir) throws Exception {
        java.time.Instant before = java.time.Instant.now();
        String[] args = {"demo", "--quick", "--out", dir.toString(), "--json"};
        Outcome o = run(args);
        java.time.Instant after = java.time.Instant.now();
        assertThat(o.code()).as(o.err()).isZero();
        // --json: one JSON line on standard output (the summary, with the report's path), people's lines on standard error
        List<JsonNode> lines = o.json();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).get("report").asText()).isEqualTo(dir.resolve("index.html").toAbsolutePath().toString());
        CliConventionsTest.assertProvenance(lines.get(0).get("provenance"), before, after, args);
        assertThat(o.err()).contains("report: ");
        for (String file : List.of("summary.json", "trace-model.json", "trace-wall.json", "latency-wall.hgrm")) {
            assertThat(dir.resolve(file)).isRegularFile();
        }
        // the histogram file names its sampling (the default: every message) above HdrHistogram's format
        List<String> hgrm = Files.readAllLines(dir.resolve("latency-wall.hgrm"));
        assertThat(hgrm.get(0)).isEqualTo("# latency sampling: all messages");
        assertThat(hgrm.get(1)).contains("Value", "Percentile", "TotalCount");
        JsonNode summary = JsonLines.MAPPER.readTree(Files.readString(dir.resolve("summary.json")));
        CliConventionsTest.assertProvenance(summary.get("provenance"), before, after, args);
        assertThat(Files.readString(dir.resolve("index.html"))).contains("Provenance", String.join(" ", "logplab", String.join(" ", args)));
        assertThat(summary.at("/wall/0/latency").asText()).isEqualTo("all");
        assertThat(summary.at("/wall/0/msg_latency_count").asLong()).isPositive();
        assertThat(summary.at("/broadcast/model_time").asLong()).isEqualTo(summary.at("/broadcast/model_predicted").asLong());
        assertThat(summary.at("/host").fieldNames()).toIterable().contains("L_ns", "o_ns", "g_ns", "t0_ns");
        assertThat(JsonLines.MAPPER.readTree(Files.readString(dir.resolve("trace-model.json"))).get("traceEvents").size())
                .isGreaterThan(0);
        // The page and everything it promises: plots, tables' JSON with the commands' documented fields.
        String index = Files.readString(dir.resolve("index.html"));
        List<String> promised = new java.util.ArrayList<>();
        summary.get("report_files").forEach(f -> promised.add(f.asText()));
        assertThat(promised).contains("multicast-model.png", "multicast-wall.png", "multicast-crossover.png", "summation.png", "gossip.png",
                "ktree.png", "fft-speedup.png", "fft-gflops.png", "amdahl.png", "balance-response.png", "balance-shares.png", "trace-model.json",
                "latency-wall.hgrm");
        for (String file : promised) {
            assertThat(dir.resolve(file)).as(file).isRegularFile();
            assertThat(index).as("index.html refers to " + file).contains(file);
            if (file.endsWith(".png")) {
                byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(dir.resolve(file)), 4);
                assertThat(head).as(file + " is a PNG").isEqualTo(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
            }
        }
        Map<String, List<String>> fieldsOf = Map.of(
                "multicast-model.json", List.of("algo", "P", "time", "predicted"),
                "summation.json", List.of("N", "time", "predicted", "naive_reduce_time"),
                "gossip.json", List.of("algo", "n", "steps", "lower_bound"),
                "ktree.json", List.of("m", "n", "k", "rounds", "upper_bound", "lower_bound"),
                "fft.json", List.of("n", "p", "engine", "speedup", "predicted_speedup", "gflops"),
                "amdahl-fit.json", List.of("F", "K1", "K2"),
                "balance-poisson.json", List.of("policy", "load", "mean_response", "messages_per_task"),
                "balance-seed.json", List.of("policy", "makespan", "ideal_makespan", "work_shares", "capacity_shares"));
        fieldsOf.forEach((file, names) -> {
            try {
                JsonNode rows = JsonLines.MAPPER.readTree(Files.readString(dir.resolve(file)));
                assertThat(rows.size()).as(file).isPositive();
                assertThat(rows.get(0).fieldNames()).toIterable().as(file).containsAll(names);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        JsonNode summation = JsonLines.MAPPER.readTree(Files.readString(dir.resolve("summation.json")));
        summation.forEach(r -> assertThat(r.get("time").asLong()).as("optimal never slower than naive at N=%s", r.get("N"))
                .isLessThanOrEqualTo(r.get("naive_reduce_time").asLong()));
    }
}
