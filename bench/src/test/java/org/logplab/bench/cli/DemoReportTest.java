package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.output.JsonLines;
import org.logplab.bench.report.Chromium;

/**
 * {@code logplab demo --quick}: one run shared by every test here (the tour takes most of a
 * minute on 2 cores), checked for its JSON, its report folder, the findings at the top of the
 * page, the sanity flags, and, where Chromium is installed, the page as a browser shows it.
 */
@Tag("slow")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DemoReportTest {
    /** The sections of the tour, in the order of the page: one finding each. */
    private static final List<String> SECTIONS = List.of("This host", "Broadcast", "Multicast", "Summation",
            "Gossip and k-port broadcast", "FFT", "Amdahl with overhead", "Load balancing");

    @TempDir
    static Path dir;
    private static String[] args;
    private static Instant before;
    private static Instant after;
    private static CliTest.Outcome demo;
    private static JsonNode summary;
    private static String index;

    @BeforeAll
    @Timeout(value = 5, unit = TimeUnit.MINUTES) // a class's @Timeout does not cover @BeforeAll
    static void runTheQuickDemo() throws Exception {
        args = new String[] {"demo", "--quick", "--out", dir.toString(), "--json"};
        before = Instant.now();
        demo = CliTest.run(args);
        after = Instant.now();
        assertThat(demo.code()).as(demo.err()).isZero();
        summary = JsonLines.MAPPER.readTree(Files.readString(dir.resolve("summary.json")));
        index = Files.readString(dir.resolve("index.html"));
    }

    @Test
    void quickDemoWritesTheReportFolder() throws Exception {
        // --json: one JSON line on standard output (the summary, with the report's path), people's lines on standard
        // error
        List<JsonNode> lines = demo.json();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).get("report").asText()).isEqualTo(dir.resolve("index.html").toAbsolutePath()
                .toString());
        CliConventionsTest.assertProvenance(lines.get(0).get("provenance"), before, after, args);
        assertThat(demo.err()).contains("report: ");
        for (String file : List.of("summary.json", "trace-model.json", "trace-wall.json", "latency-wall.hgrm")) {
            assertThat(dir.resolve(file)).isRegularFile();
        }
        // the histogram file names its sampling (the default: every message) above HdrHistogram's format
        List<String> hgrm = Files.readAllLines(dir.resolve("latency-wall.hgrm"));
        assertThat(hgrm.get(0)).isEqualTo("# latency sampling: all messages");
        assertThat(hgrm.get(1)).contains("Value", "Percentile", "TotalCount");
        CliConventionsTest.assertProvenance(summary.get("provenance"), before, after, args);
        assertThat(summary.fieldNames().next()).as("provenance comes first in summary.json").isEqualTo("provenance");
        assertThat(index).contains("Provenance", String.join(" ", "logplab", String.join(" ", args)));
        assertThat(summary.at("/wall/0/latency").asText()).isEqualTo("all");
        assertThat(summary.at("/wall/0/msg_latency_count").asLong()).isPositive();
        assertThat(summary.at("/broadcast/model_time").asLong()).isEqualTo(summary.at("/broadcast/model_predicted")
                .asLong());
        assertThat(summary.at("/host").fieldNames()).toIterable().contains("L_ns", "o_ns", "g_ns", "t0_ns");
        assertThat(JsonLines.MAPPER.readTree(Files.readString(dir.resolve("trace-model.json"))).get("traceEvents")
                .size())
                .isGreaterThan(0);
        // The page and everything it promises: plots, tables' JSON with the commands' documented fields.
        List<String> promised = new ArrayList<>();
        summary.get("report_files").forEach(f -> promised.add(f.asText()));
        assertThat(promised).contains("multicast-model.png", "multicast-wall.png", "multicast-crossover.png",
                "summation.png", "gossip.png",
                "ktree.png", "fft-speedup.png", "fft-speedup-best.png",
                "fft-gflops.png", "amdahl.png", "balance-response.png",
                "balance-shares.png", "trace-model.json",
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
                "fft.json", List.of("n", "p", "engine", "speedup", "predicted_speedup", "gflops", "best_serial_ns",
                        "best_serial_engine", "speedup_vs_best"),
                "fft-serial.json", List.of("n", "p", "engine", "serial_ns", "parallel_ns", "speedup_vs_best"),
                "amdahl-fit.json", List.of("F", "K1", "K2"),
                "balance-poisson.json", List.of("policy", "load", "mean_response", "messages_per_task"),
                "balance-seed.json", List.of("policy", "makespan", "ideal_makespan", "work_shares", "capacity_shares"));
        for (Map.Entry<String, List<String>> e : fieldsOf.entrySet()) {
            JsonNode rows = JsonLines.MAPPER.readTree(Files.readString(dir.resolve(e.getKey())));
            assertThat(rows.size()).as(e.getKey()).isPositive();
            assertThat(rows.get(0).fieldNames()).toIterable().as(e.getKey()).containsAll(e.getValue());
        }
        JsonNode summation = JsonLines.MAPPER.readTree(Files.readString(dir.resolve("summation.json")));
        summation.forEach(r -> assertThat(r.get("time").asLong()).as("optimal never slower than naive at N=%s",
                r.get("N"))
                .isLessThanOrEqualTo(r.get("naive_reduce_time").asLong()));
    }

    /**
     * The demo calls the commands' code, not the command line: its exact (model-clock) tables must
     * still be, row for row and field for field, what each command prints with {@code --json} for
     * the same inputs (which the report's captions state), the command's defaults included.
     */
    @Test
    void theModelClockTablesAreTheCommandsOwnRows() throws Exception {
        assertSameRows("gossip.json", List.of(), "gossip", "--n", "2..12");
        assertSameRows("ktree.json", List.of(), "ktree", "--m", "1..16", "--n", "64", "--k", "2");
        assertSameRows("summation.json", List.of("naive_reduce_time"), "summation", "--P", "8", "--N",
                "1,8,50,100,500,1000",
                "--L", "5", "--o", "2", "--g", "4");
        // the sweep's rows, after the row of the binomial run that the command line asks for too
        assertThat(tableRows("multicast-crossover.json", List.of())).isEqualTo(commandRows("collective", "--algo",
                "binomial", "--P", "64",
                "--L", "6", "--o", "2", "--sweep-g", "1,2,3,4,5,6,7,8,16,32,64").stream().filter(r -> r.has("sweep"))
                .toList());
        List<JsonNode> multicast = new ArrayList<>();
        for (int p = 2; p <= 64; p *= 2) {
            multicast.addAll(commandRows("collective", "--algo", "binomial,fibonacci,optimal", "--P", String.valueOf(p),
                    "--L", "6", "--o", "2", "--g", "4"));
        }
        assertThat(tableRows("multicast-model.json", List.of())).isEqualTo(multicast);
        assertSameRows("balance-seed.json", List.of(), "balance", "--workload", "seed", "--load", "100", "--L", "2",
                "--o", "0", "--g", "1");
        assertSameRows("balance-sweep.json", List.of(), "balance", "--workload", "poisson", "--nodes", "8", "--sweep",
                "--load", "10,50,90", "--tasks", "2000", "--reps", "3");
    }

    private static void assertSameRows(String table, List<String> demoOnly, String... command) throws Exception {
        assertThat(tableRows(table, demoOnly)).as(table + " against logplab " + String.join(" ", command))
                .isEqualTo(commandRows(command));
    }

    /** A report table's rows without the fields only the demo adds. */
    private static List<JsonNode> tableRows(String table, List<String> demoOnly) throws Exception {
        List<JsonNode> rows = new ArrayList<>();
        JsonLines.MAPPER.readTree(Files.readString(dir.resolve(table))).forEach(r -> {
            demoOnly.forEach(((com.fasterxml.jackson.databind.node.ObjectNode) r)::remove);
            rows.add(r);
        });
        assertThat(rows).as(table).isNotEmpty();
        return rows;
    }

    /** A command's JSON rows, run through the command line, without their provenance (the demo's is in summary.json).
     * */
    private static List<JsonNode> commandRows(String... command) throws Exception {
        String[] withJson = java.util.Arrays.copyOf(command, command.length + 1);
        withJson[command.length] = "--json";
        CliTest.Outcome o = CliTest.run(withJson);
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = new ArrayList<>(o.json());
        rows.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r).remove("provenance"));
        return rows;
    }

    @Test
    void thePageOpensWithOneFindingPerSectionAndSummaryJsonHasThem() throws Exception {
        JsonNode headlines = summary.get("headlines");
        List<String> sections = new ArrayList<>();
        headlines.forEach(h -> {
            sections.add(h.get("section").asText());
            assertThat(h.get("headline").asText()).isNotBlank();
            assertThat(h.get("verdict").asText()).isNotBlank();
            assertThat(h.get("ok").isBoolean()).isTrue();
            // the line on the page, under the Findings heading and before the first section
            assertThat(index.indexOf(escape(h.get("headline").asText()))).as(h.toString())
                    .isGreaterThan(index.indexOf("<h2 id=\"findings\">"))
                    .isLessThan(index.indexOf("<h2 id=\"this-host\">"));
        });
        assertThat(sections).containsExactlyElementsOf(SECTIONS);
        // the model clock is exact, whatever the host: these verdicts do not depend on timing
        assertThat(headlines.get(2).get("headline").asText()).contains("every model time equals its prediction");
        assertThat(headlines.get(3).get("verdict").asText()).isEqualTo("as the theory says");
        assertThat(headlines.get(4).get("verdict").asText()).isEqualTo("within the bounds");
        // the printed summary line carries them too
        assertThat(demo.json().get(0).get("headlines")).isEqualTo(headlines);
    }

    @Test
    void hostFiguresAndWallRowsCarryTheirSanityVerdicts() {
        JsonNode host = summary.get("host");
        assertThat(host.get("measurements").asInt()).isBetween(1, 3);
        boolean suspect = host.get("suspect").asBoolean();
        assertThat(host.get("suspect_reasons").size() > 0).as(host.toString()).isEqualTo(suspect);
        assertThat(host.get("measurements").asInt() == 1 || suspect || demo.err().contains("measuring again")).isTrue();
        if (suspect) {
            assertThat(demo.err()).contains("the host's figures are suspect");
            assertThat(index).contains("Suspect: these figures failed the plausibility checks");
            assertThat(summary.at("/headlines/0/ok").asBoolean()).isFalse();
        }
        for (JsonNode w : summary.get("wall")) {
            double ratio = w.get("p50_ns").asDouble() / w.get("predicted_ns").asDouble();
            assertThat(w.get("ratio").asDouble()).isEqualTo(ratio);
            if (w.get("oversubscribed").asBoolean()) {
                assertThat(w.get("disturbed").isNull()).as("an oversubscribed row is not judged").isTrue();
            } else {
                // the tolerance the report states: 0.9-1.5x the prediction
                assertThat(w.get("disturbed").asBoolean()).as(w.toString()).isEqualTo(ratio < 0.9 || ratio > 1.5);
            }
            if (w.get("disturbed").asBoolean()) {
                assertThat(demo.err()).contains("warning: the wall-clock broadcast on " + w.get("P").asInt()
                        + " processors took");
                assertThat(index).contains("Disturbed: the wall-clock broadcast on " + w.get("P").asInt()
                        + " processors");
            }
        }
    }

    @Test
    void tablesReadAsTextLongOnesFoldedAndOversubscribedPlotsMarked() throws Exception {
        // no Java map or list syntax in a cell: parameters read "L=50 us o=10 us g=20 us" or "... (model units)"
        Matcher javaish = Pattern.compile("<td[^>]*>[^<]*(\\{[A-Za-z_]+=|=\\{|\\[[-0-9.]|\\{\\})[^<]*</td>")
                .matcher(index);
        assertThat(javaish.find() ? javaish.group() : null).as("a cell in Java's map or list syntax").isNull();
        assertThat(index).contains("<td>L=50 us o=10 us g=20 us</td>", "<td>L=6 o=2 g=4 (model units)</td>");
        // every table longer than 10 rows sits in a <details> element
        int folded = 0;
        for (String file : List.of("multicast-model.json", "gossip.json", "ktree.json", "balance-sweep.json",
                "fft.json")) {
            int rows = JsonLines.MAPPER.readTree(Files.readString(dir.resolve(file))).size();
            int link = index.indexOf("href=\"" + file + "\"");
            String before = index.substring(0, link);
            boolean inDetails = before.lastIndexOf("<details>") > before.lastIndexOf("<figure>");
            assertThat(inDetails).as(file + " with " + rows + " rows").isEqualTo(rows > 10);
            folded += inDetails ? 1 : 0;
        }
        assertThat(folded).isPositive();
        // P = 4, 8 exceed this machine's cores (2 in CI): the caption says how the plot marks them
        if (Runtime.getRuntime().availableProcessors() < 8) {
            assertThat(index).contains("dashed beyond the dotted line at P = " + Runtime.getRuntime()
                    .availableProcessors() + " cores");
        }
    }

    /**
     * The page as a browser shows it: headless Chromium loads index.html (a copy with a script
     * that records, once the page has loaded, each image's natural width, each link's target and
     * where each table's verdict cell is) and every image must have loaded, every link point at a
     * file of the folder or an element of the page, and the {@code ok} cell of every wide table
     * (summation's, say) be in view in a 1000-pixel window, before and after scrolling it sideways.
     */
    @Test
    void chromiumShowsEveryImageAndNoBrokenLink(@TempDir Path scratch) throws Exception {
        Optional<Path> browser = Chromium.find();
        assumeTrue(browser.isPresent(),
                "no chromium, chromium-browser or google-chrome on the PATH: the page is not opened in a browser"
                + " (apt-get install chromium)");
        Path check = dir.resolve("chromium-check.html");
        Files.writeString(check, index.replace("</body>", Chromium.CHECK_SCRIPT + "</body>"));
        try {
            JsonNode seen = Chromium.loadAndReport(browser.get(), check, scratch);
            List<String> broken = new ArrayList<>();
            seen.get("images").forEach(i -> {
                if (i.get("width").asInt() <= 0) {
                    broken.add("image " + i.get("src").asText() + " did not load");
                }
            });
            seen.get("links").forEach(l -> {
                String href = l.get("href").asText();
                if (href.startsWith("#")) {
                    if (!l.get("target").asBoolean()) {
                        broken.add("link " + href + ": no element with that id");
                    }
                } else if (!href.contains("://")) {
                    Path target = Path.of(URI.create(l.get("url").asText().replaceFirst("#.*", "")));
                    if (!Files.isRegularFile(target)) {
                        broken.add("link " + href + ": " + target + " is missing");
                    }
                }
            });
            assertThat(seen.get("images").size()).as("images on the page").isGreaterThanOrEqualTo(11);
            assertThat(seen.get("links").size()).as("links on the page").isGreaterThanOrEqualTo(20);
            assertThat(broken).isEmpty();
            assertThat(seen.get("tables").findValuesAsText("file")).contains("summation.json");
            assertThat(Chromium.hiddenVerdicts(seen)).isEmpty();
        } finally {
            Files.deleteIfExists(check);
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
