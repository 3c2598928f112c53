package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.MarkdownDocuments;
import org.logplab.bench.RepositoryFiles;
import org.logplab.bench.cli.MarkedDocument.FileBlock;
import org.logplab.bench.cli.MarkedDocument.OutputBlock;

/**
 * The command outputs {@code README.md} and {@code docs/*.md} show are what the commands print now: every
 * {@code <!-- output -->} block's command runs in process, in its document's order (after the files the
 * document's {@code <!-- file -->} blocks save), and its exit status and shown lines must be the block's,
 * exactly; a {@code <!-- output varies -->} block's command line must still be accepted, and so must a
 * {@code slow} block's, which is then skipped saying so (its minutes are {@code docs/update-outputs --check}'s).
 * A failure names the block by file and line, its command and the difference, and says how to rewrite the
 * block. A document that breaks the convention fails as a whole, naming each place.
 */
class DocOutputsTest {
    private static final Duration PER_COMMAND = Duration.ofSeconds(60);

    @TempDir
    static Path work;

    @TestFactory
    Stream<DynamicTest> everyMarkedOutputIsWhatItsCommandPrintsNow() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path document : MarkdownDocuments.under(RepositoryFiles.root())) {
            String name = RepositoryFiles.root().relativize(document).toString();
            tests.addAll(tests(MarkedDocument.read(document, name), Files.createDirectories(work.resolve(name))));
        }
        return tests.stream();
    }

    /** The tests of one document: one failing at once if it breaks the convention, else one per output block. */
    static List<DynamicTest> tests(MarkedDocument document, Path workFolder) {
        if (!document.problems().isEmpty()) {
            return List.of(DynamicTest.dynamicTest(document.name() + ": the output markers", () -> {
                throw new AssertionError(document.name() + " breaks the convention for command outputs"
                        + " (docs/architecture.md), so its blocks are not checked:\n"
                        + String.join("\n", document.problems()));
            }));
        }
        DocWorkspace workspace = new DocWorkspace(RepositoryFiles.root(), workFolder, false);
        List<DynamicTest> tests = new ArrayList<>();
        List<FileBlock> files = new ArrayList<>();
        for (MarkedDocument.Entry entry : document.entries()) {
            if (entry instanceof FileBlock f) {
                files.add(f);
            } else if (entry instanceof OutputBlock b) {
                // the files saved before it, in order, when it runs (dynamic tests run in their order)
                List<FileBlock> before = List.copyOf(files);
                files.clear();
                tests.add(DynamicTest.dynamicTest(b.where() + ": $ " + b.command(), () -> {
                    for (FileBlock f : before) {
                        workspace.save(f);
                    }
                    check(b, workspace);
                }));
            }
        }
        return tests;
    }

    private static void check(OutputBlock b, DocWorkspace workspace) {
        String title = b.where() + ": $ " + b.command();
        if (b.varies()) {
            assertThat(DocCommands.parseProblem(b)).as(title + ": the command line is no longer accepted").isEmpty();
            return;
        }
        if (b.slow()) {
            assertThat(DocCommands.parseProblem(b)).as(title + ": the command line is no longer accepted").isEmpty();
            Assumptions.abort(title + ": marked slow (minutes), so only its command line is checked here;"
                    + " docs/update-outputs --check runs it");
        }
        DocCommands.Run run = assertTimeoutPreemptively(PER_COMMAND, () -> DocCommands.run(b, workspace), title);
        assertThat(run.code()).as(title + ": exit status (the marker says exit=" + b.exit() + ")\n" + run.err())
                .isEqualTo(b.exit());
        List<String> now = DocCommands.shown(b, run);
        if (!now.equals(b.shown())) {
            throw new AssertionError(title + "\nthe block differs from what the command prints now:\n"
                    + DocCommands.diff(b, now) + "\nrun docs/update-outputs " + b.where().replaceFirst(":\\d+$", "")
                    + " to rewrite it");
        }
    }

    @Test
    void aMarkerNotFollowedByATextBlockAnyOtherFirstLineAndAnUnknownOptionAreNamedByFileAndLine() {
        MarkedDocument d = MarkedDocument.parse("guide.md", String.join("\n", "# Guide", "<!-- output -->",
                "some prose", "<!-- output -->", "```text", "$ logplab collective", "```", "<!-- output fast -->",
                "```text", "$ ./logplab collective", "```", "<!-- output exit=1 -->", "```java", "int x;", "```",
                "<!-- output -->", "```text", "$ ./logplab collective | head", "```", "<!-- output -->", "```text",
                "$ ./logplab collective"));
        assertThat(d.problems()).hasSize(6);
        assertThat(d.problems().get(0))
                .startsWith("guide.md:2: the marker must be followed directly by a fenced block");
        assertThat(d.problems().get(1)).startsWith("guide.md:4: the block's first line must be the command");
        assertThat(d.problems().get(2)).startsWith("guide.md:8: unknown option 'fast' in the output marker");
        assertThat(d.problems().get(3)).startsWith("guide.md:12: an output marker must be followed by a ```text block");
        assertThat(d.problems().get(4)).startsWith("guide.md:16: the command must be one ./logplab command");
        assertThat(d.problems().get(5)).startsWith("guide.md:20: its block is not closed");
        assertThat(d.outputs()).isEmpty();
    }

    @Test
    void aDocumentThatBreaksTheConventionFailsAsAWhole(@TempDir Path dir) {
        MarkedDocument d = MarkedDocument.parse("guide.md", "<!-- output stderr stderr -->\n```text\n"
                + "$ ./logplab --version\n```\n");
        List<DynamicTest> tests = tests(d, dir);
        assertThat(tests).singleElement().satisfies(t -> {
            assertThat(t.getDisplayName()).isEqualTo("guide.md: the output markers");
            try {
                t.getExecutable().execute();
                throw new IllegalStateException("it passed");
            } catch (AssertionError e) {
                assertThat(e.getMessage()).contains("guide.md:1: the marker gives stderr twice");
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void aBlockReadsItsOptionsItsContinuedCommandAndRewritesOnlyItsOutput() {
        String text = String.join("\n", "Intro", "", "  <!-- output exit=1 stderr head=2 -->", "  ```text",
                "  $ ./logplab run Ring.java --P 8 \\", "      --predict \"(P-1)*g + L\" --name 'a b'", "  old 1",
                "", "  old 2", "  ```", "after", "");
        MarkedDocument d = MarkedDocument.parse("guide.md", text);
        assertThat(d.problems()).isEmpty();
        OutputBlock b = d.outputs().get(0);
        assertThat(b.where()).isEqualTo("guide.md:3");
        assertThat(b.exit()).isEqualTo(1);
        assertThat(b.stderr()).isTrue();
        assertThat(b.head()).isEqualTo(2);
        assertThat(b.args()).containsExactly("run", "Ring.java", "--P", "8", "--predict", "(P-1)*g + L", "--name",
                "a b");
        assertThat(b.shown()).containsExactly("old 1", "", "old 2");
        // standard output, then standard error, cut after two lines
        List<String> now = DocCommands.shown(b, new DocCommands.Run(1, "new 1\nnew 2\n", "logplab: run: failed\n"));
        assertThat(now).containsExactly("new 1", "new 2", "...");
        assertThat(d.rewritten(Map.of(b, now))).isEqualTo(String.join("\n", "Intro", "",
                "  <!-- output exit=1 stderr head=2 -->", "  ```text", "  $ ./logplab run Ring.java --P 8 \\",
                "      --predict \"(P-1)*g + L\" --name 'a b'", "  new 1", "  new 2", "  ...", "  ```", "after", ""));
        assertThat(DocCommands.diff(b, now)).contains("--- guide.md:3 (shown)", "-old 2", "+new 2", "+...");
    }

    @Test
    void aCommandRunsWhereItsDocumentSavedItsFilesAndWritesNothingIntoTheCheckout(@TempDir Path dir)
            throws IOException {
        MarkedDocument d = MarkedDocument.parse("guide.md", String.join("\n",
                "<!-- file pingpong.goal -->", "```", GoalCommandTest.PING_PONG.strip(), "```",
                "<!-- output stderr -->", "```text", "$ ./logplab collective --algo binomial --P 2 --goal-out"
                        + " docs/images/binomial2.goal", "```",
                "<!-- output exit=2 stderr -->", "```text", "$ ./logplab goal none.goal", "```", ""));
        assertThat(d.problems()).isEmpty();
        DocWorkspace workspace = new DocWorkspace(RepositoryFiles.root(), dir, false);
        workspace.save((FileBlock) d.entries().get(0));
        assertThat(dir.resolve("pingpong.goal")).hasContent(GoalCommandTest.PING_PONG.strip());
        DocCommands.Run wrote = DocCommands.run(d.outputs().get(0), workspace);
        assertThat(wrote.code()).as(wrote.err()).isZero();
        assertThat(wrote.err()).startsWith("goal-out: wrote docs/images/binomial2.goal: 2 ranks");
        assertThat(dir.resolve("docs/images/binomial2.goal")).exists();
        assertThat(RepositoryFiles.root().resolve("docs/images/binomial2.goal")).doesNotExist();
        DocCommands.Run refused = DocCommands.run(d.outputs().get(1), workspace);
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).startsWith("logplab: goal: ").contains("none.goal").doesNotContain(dir.toString());
    }

    @Test
    void theGuidesHaveMarkedOutputs() throws IOException {
        Path root = RepositoryFiles.root();
        // the model-clock runs of the first program; the stuck schedule and a collective written out as GOAL
        Map<String, Integer> deterministic = Map.of("docs/your-first-algorithm.md", 6, "docs/goal-schedules.md", 2);
        for (Map.Entry<String, Integer> guide : deterministic.entrySet()) {
            MarkedDocument d = MarkedDocument.read(root.resolve(guide.getKey()), guide.getKey());
            assertThat(d.problems()).as(guide.getKey()).isEmpty();
            assertThat(d.outputs()).as(guide.getKey()).filteredOn(b -> !b.varies())
                    .hasSizeGreaterThanOrEqualTo(guide.getValue());
        }
    }
}
