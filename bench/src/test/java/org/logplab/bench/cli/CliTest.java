package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.bench.output.JsonLines;

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
    void anUnknownCommandIsRefusedWithTheClosestNamesWhateverFollowsIt() {
        for (List<String> args : List.of(List.of("frobnicate"), List.of("frobnicate", "--help"),
                List.of("frobnicate", "-V"), List.of("frobnicate", "--P", "8"))) {
            Outcome o = run(args.toArray(String[]::new));
            assertThat(o.code()).as(args + ": " + o.err()).isEqualTo(2);
            assertThat(o.out()).as(args.toString()).isEmpty();
            assertThat(o.err().lines().toList()).as(args.toString()).singleElement().asString()
                    .startsWith("logplab: unknown command 'frobnicate'").endsWith("(see logplab --help)");
        }
        // one letter off a command's name: picocli's suggestion names the command
        Outcome typo = run("mesure", "--help");
        assertThat(typo.code()).isEqualTo(2);
        assertThat(typo.err()).startsWith("logplab: unknown command 'mesure'; did you mean ").contains("measure");
        // a known command's help is unchanged
        assertThat(run("measure", "--help").code()).isZero();
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
        assertThat(rows.get(1).get("L_ns").asDouble() + 2 * rows.get(1).get("o_ns").asDouble())
                .isGreaterThanOrEqualTo(130_000);
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
        assertThat(rows.get(2).fieldNames()).toIterable().contains("t0_ns", "r_inf_bytes_per_ns", "m_half_bytes",
                "pi0_per_ns", "r2");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void pingpongMeasuresAeronToo() throws Exception {
        Outcome o = run("pingpong", "--transport", "aeron-ipc", "--sizes", "8,4k", "--reps", "200", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        // Per size the transport's own path, then per size the cluster's, then a fit of each.
        assertThat(rows).hasSize(6);
        assertThat(rows).extracting(r -> r.path("path").asText()).containsExactly("aeron", "aeron", "cluster",
                "cluster",
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
        assertThat(both.get(1).fieldNames()).toIterable().contains("L_ns", "o_ns", "g_ns", "t0_ns",
                "r_inf_bytes_per_ns", "m_half_bytes");
        assertThat(both.get(1).get("t0_ns").asDouble()).isPositive();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void scaleStopsARunWhenItsBudgetIsSpentAndSaysTheSweepEndedThere() throws Exception {
        // A tree broadcast on 300,000 virtual threads is 600,000 events, seconds of work at the 10^5 events/s
        // the runtime manages there: far beyond a budget of 0.2 s, which stops it.
        Outcome o = run("scale", "--seconds", "0.2", "--P", "300000,350000", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.json()).as("no run finished within the budget").isEmpty();
        assertThat(o.err()).contains("P = 300,000: stopped when the budget of 200 ms was spent (it takes longer):"
                + " the sweep ends here").doesNotContain("P = 350,000:");
        java.util.regex.Matcher after = java.util.regex.Pattern.compile("the sweep ends here, after ([0-9.]+) s")
                .matcher(o.err());
        assertThat(after.find()).as(o.err()).isTrue();
        // stopped at the budget, give or take the stop itself: generously under ten budgets
        assertThat(Double.parseDouble(after.group(1))).isLessThan(2.0);
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
}
