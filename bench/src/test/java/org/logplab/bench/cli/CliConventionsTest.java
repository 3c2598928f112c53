package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.logplab.bench.BuildInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The conventions every command follows: help, version, exit codes of checks, provenance in JSON. */
class CliConventionsTest {

    static List<String> commands() {
        List<String> names = new ArrayList<>(LogPlabCli.commandLine(new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter())).getSubcommands().keySet());
        names.remove("help");
        return names;
    }

    @ParameterizedTest
    @MethodSource("commands")
    void everyCommandTakesHelpAndShortHelpAndExitsZero(String command) {
        for (String flag : List.of("--help", "-h")) {
            CliTest.Outcome o = CliTest.run(command, flag);
            assertThat(o.code()).as(command + " " + flag + ": " + o.err()).isZero();
            assertThat(o.out()).contains("Usage: logplab " + command);
            // picocli warns on standard error about descriptions it cannot format (a bare %)
            assertThat(o.err()).as(command + " " + flag).isEmpty();
        }
    }

    @ParameterizedTest
    @MethodSource("commands")
    void jsonAndCsvTogetherAreBadUsage(String command) {
        CliTest.Outcome o = CliTest.run(command, "--json", "--csv");
        assertThat(o.code()).as(command + ": " + o.err()).isEqualTo(2);
        assertThat(o.err().lines().filter(l -> l.startsWith("logplab: ")).toList()).as(command).hasSize(1);
        assertThat(o.out()).isEmpty();
    }

    @Test
    void csvIsAHeaderOfTheJsonFieldsThenOneLinePerRow() throws Exception {
        CliTest.Outcome json = CliTest.run("collective", "--algo", "binomial,butterfly", "--P", "8", "--json");
        CliTest.Outcome csv = CliTest.run("collective", "--algo", "binomial,butterfly", "--P", "8", "--csv");
        assertThat(csv.code()).as(csv.err()).isZero();
        List<String> lines = csv.out().lines().toList();
        assertThat(lines).hasSize(3);
        List<String> header = new ArrayList<>();
        json.json().get(0).fieldNames().forEachRemaining(header::add);
        assertThat(lines.get(0)).isEqualTo(String.join(",", header));
        // binomial needs ceil(log2 8) * (L + 2o) = 3 * 10 = 30 with L = 6, o = 2
        // (Shou and Chen (1997), Fig. 1)
        assertThat(lines.get(1)).startsWith("binomial,8,8,0,6,2,4,model,30,1.0,30,true,\"{");
        assertThat(lines.get(2)).startsWith("butterfly,8,8,0,6,2,4,model,");
    }

    @Test
    void theRootTakesShortHelpToo() {
        CliTest.Outcome o = CliTest.run("-h");
        assertThat(o.code()).isZero();
        assertThat(o.out()).contains("Usage: logplab", "jmh", "jmh-report");
    }

    @ParameterizedTest
    @MethodSource("commands")
    void everyCommandPrintsTheBuildsVersionTheJdkAndTheOs(String command) {
        for (String flag : List.of("--version", "-V")) {
            CliTest.Outcome o = CliTest.run(command, flag);
            assertThat(o.code()).as(o.err()).isZero();
            assertVersionLines(o.out());
        }
    }

    @Test
    void theRootPrintsTheVersion() {
        CliTest.Outcome o = CliTest.run("--version");
        assertThat(o.code()).isZero();
        assertVersionLines(o.out());
    }

    private static void assertVersionLines(String out) {
        List<String> lines = out.lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("logplab " + BuildInfo.current().describe());
        assertThat(lines.get(1)).startsWith("JDK " + Runtime.version());
        assertThat(lines.get(2)).startsWith("OS " + System.getProperty("os.name")).endsWith(
                Runtime.getRuntime().availableProcessors() + " cores");
    }

    /** The version comes from the build: the one the POM declares, not a string in the code. */
    @Test
    void theBuildInfoIsThePomsVersion() throws Exception {
        String pom = Files.readString(Path.of("pom.xml")); // the bench module's, whose parent names the version
        Matcher parent = Pattern.compile("<parent>.*?<version>([^<]+)</version>", Pattern.DOTALL).matcher(pom);
        assertThat(parent.find()).isTrue();
        assertThat(BuildInfo.current().version()).isEqualTo(parent.group(1));
        // the commit against git: PackagedJarsIT, on the packaged jar (a commit made while the build runs moves HEAD)
    }

    @Test
    void valuesTheBuildCouldNotFillAreUnknown() {
        Properties p = new Properties();
        p.setProperty("version", "0.3.0");
        p.setProperty("commit", "${git.commit.id.abbrev}");
        p.setProperty("commit.dirty", "");
        BuildInfo b = BuildInfo.of(p);
        assertThat(b.commit()).isEmpty();
        assertThat(b.dirty()).isEmpty();
        assertThat(b.describe()).isEqualTo("0.3.0");
        p.setProperty("commit", "1a2b3c4");
        p.setProperty("commit.dirty", "true");
        assertThat(BuildInfo.of(p).describe()).isEqualTo("0.3.0 (commit 1a2b3c4, modified)");
        assertThat(BuildInfo.of(new Properties()).version()).isEqualTo("unknown");
    }

    /** A command with two checks, one of which fails as the test says. */
    @Command(name = "two-checks")
    static final class TwoChecks extends CommandBase {
        @CommandLine.Option(names = "--fail")
        boolean fail;

        @Override
        int execute() {
            for (int i = 1; i <= 2; i++) {
                boolean ok = check(!(fail && i == 2), "case " + i);
                printJson(java.util.Map.of("case", i, "ok", ok));
            }
            return 0;
        }
    }

    private static CliTest.Outcome runTwoChecks(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("two-checks"));
        all.addAll(List.of(args));
        CommandLine cli = LogPlabCli.commandLine(new PrintWriter(out, true), new PrintWriter(err, true),
                all.toArray(String[]::new));
        cli.addSubcommand(new TwoChecks());
        cli.getSubcommands().get("two-checks").setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        int code = cli.execute(all.toArray(String[]::new));
        return new CliTest.Outcome(code, out.toString(), err.toString());
    }

    @Test
    void aFailedCheckExitsOneNamingItAndKeepsEveryRow() throws Exception {
        CliTest.Outcome o = runTwoChecks("--fail", "--json");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.json()).hasSize(2);
        assertThat(o.err().lines().toList()).containsExactly("logplab: two-checks: 1 of 2 checks failed: case 2");
        CliTest.Outcome passing = runTwoChecks("--json");
        assertThat(passing.code()).isZero();
        assertThat(passing.err()).isEmpty();
    }

    @Test
    void everyJsonRowCarriesItsProvenance() throws Exception {
        Instant before = Instant.now().minusMillis(1);
        String[] args = {"collective", "--algo", "binomial,butterfly", "--P", "8", "--json"};
        CliTest.Outcome o = CliTest.run(args);
        Instant after = Instant.now();
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(2);
        for (JsonNode row : rows) {
            assertProvenance(row.get("provenance"), before, after, args);
        }
    }

    static void assertProvenance(JsonNode p, Instant before, Instant after, String... args) {
        assertThat(p).as("provenance").isNotNull();
        assertThat(p.get("version").asText()).isEqualTo(BuildInfo.current().version());
        assertThat(p.get("commit").isNull() || p.get("commit").isTextual()).isTrue();
        assertThat(p.get("jdk").asText()).startsWith(Runtime.version().toString());
        assertThat(p.get("os").asText()).startsWith(System.getProperty("os.name"))
                .contains(System.getProperty("os.arch"));
        assertThat(p.get("cores").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(p.get("max_heap_bytes").asLong()).isEqualTo(Runtime.getRuntime().maxMemory());
        Instant at = Instant.parse(p.get("timestamp").asText());
        assertThat(at).isBetween(before.minusMillis(1), after);
        List<String> command = new ArrayList<>();
        p.get("command").forEach(c -> command.add(c.asText()));
        List<String> expected = new ArrayList<>(List.of("logplab"));
        expected.addAll(List.of(args));
        assertThat(command).isEqualTo(expected);
    }
}
