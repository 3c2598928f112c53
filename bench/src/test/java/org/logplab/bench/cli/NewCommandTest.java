package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code logplab new}: the project's files, one row each, and refusals before anything is written. */
class NewCommandTest {

    @Test
    void writesTheProjectAndPrintsOneRowPerFile(@TempDir Path tmp) throws Exception {
        Path folder = tmp.resolve("demo-algo");
        CliTest.Outcome o = CliTest.run("new", "demo-algo", "--dir", folder.toString(), "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).extracting(r -> r.get("file").asText()).containsExactly(
                "src/main/java/demoalgo/DemoAlgo.java", "src/test/java/demoalgo/DemoAlgoTest.java", "pom.xml",
                "README.md");
        for (JsonNode row : rows) {
            assertThat(row.get("folder").asText()).isEqualTo(folder.toString());
            assertThat(Files.size(folder.resolve(row.get("file").asText()))).isEqualTo(row.get("bytes").asLong());
            assertThat(row.get("provenance")).isNotNull();
        }
        assertThat(o.err()).startsWith("Wrote " + folder + ". Next: cd " + folder + " && mvn test");
    }

    @Test
    void theTableNamesTheFiles(@TempDir Path tmp) {
        CliTest.Outcome o = CliTest.run("new", "ring", "--package", "org.example.rings", "--dir",
                tmp.resolve("r").toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).contains("src/main/java/org/example/rings/Ring.java",
                "src/test/java/org/example/rings/RingTest.java", "pom.xml", "README.md");
    }

    @Test
    void theRunCommandsTheProjectsReadmeGivesRunItsProgram(@TempDir Path tmp) throws Exception {
        Path folder = tmp.resolve("demo-algo");
        assertThat(CliTest.run("new", "demo-algo", "--dir", folder.toString()).code()).isZero();
        List<String> commands = Files.readAllLines(folder.resolve("README.md")).stream()
                .filter(l -> l.startsWith("logplab run ")).toList();
        assertThat(commands).hasSizeGreaterThanOrEqualTo(2);
        for (String command : commands) {
            List<String> args = new ArrayList<>(List.of(command.substring("logplab ".length()).split(" +")));
            // the README's paths are the project's; the compiled classes go to the test's folder
            args.set(1, folder.resolve(args.get(1)).toString());
            args.addAll(List.of("--cache-dir", tmp.resolve("cache").toString(), "--reps", "5", "--json"));
            CliTest.Outcome o = CliTest.run(args.toArray(String[]::new));
            assertThat(o.code()).as(command + "\n" + o.err()).isZero();
            JsonNode row = o.json().get(0);
            assertThat(row.get("program").asText()).isEqualTo("demoalgo.DemoAlgo");
            assertThat(row.get("received").asLong()).isEqualTo(row.get("messages").asLong()).isPositive();
            if (row.get("clock").asText().equals("model")) {
                assertThat(row.get("makespan").asLong()).isEqualTo(row.get("predicted").asLong());
            }
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1algo | | logplab: new: NAME '1algo' does not start with a letter",
        "ring | org.1x | logplab: new: --package 'org.1x' is not a Java package name",
        "ring | java.util | logplab: new: --package 'java.util' is inside java"})
    void aBadNameOrPackageIsRefusedInOneLineAndNothingIsWritten(String name, String pkg, String message,
            @TempDir Path tmp) {
        Path folder = tmp.resolve("p");
        CliTest.Outcome o = pkg == null ? CliTest.run("new", name, "--dir", folder.toString())
                : CliTest.run("new", name, "--package", pkg, "--dir", folder.toString());
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().lines().toList()).singleElement().asString().startsWith(message);
        assertThat(o.out()).isEmpty();
        assertThat(folder).doesNotExist();
    }

    @Test
    void aFolderThatIsNotEmptyIsRefusedAndKeptAsItWas(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("mine.txt"), "keep");
        CliTest.Outcome o = CliTest.run("new", "ring", "--dir", tmp.toString());
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("logplab: new: --dir: " + tmp + " is not empty: give a new or empty"
                + " folder");
        try (Stream<Path> entries = Files.list(tmp)) {
            assertThat(entries).containsExactly(tmp.resolve("mine.txt"));
        }
    }

    @Test
    void withoutANameItIsBadUsage() {
        CliTest.Outcome o = CliTest.run("new");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).startsWith("logplab: new: Missing required parameter: 'NAME'")
                .contains("Usage: logplab new");
    }
}
