package org.logplab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of {@code README.md} and {@code docs/*.md} compiles as shown, imports
 * included, with javac on the tests' class path: a block that declares a top-level type as a file
 * of its own; any other as its import lines and, wrapped in a method of a class of its own, its
 * statements (which may declare the variables they use, and nothing else). A block sees the types
 * that the blocks before it in the same document declare (a guide's test of the program it wrote
 * just above), the latest declaration of a name winning. A failure names the
 * file, the block's first line and javac's message at the Markdown line it points to. Blocks that
 * are not Java (shell, output, XML) carry another fence.
 */
class MarkdownJavaBlocksTest {
    @TempDir
    static Path work;

    @TestFactory
    Stream<DynamicTest> everyJavaBlockCompilesAsShown() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path document : MarkdownDocuments.under(RepositoryFiles.root())) {
            Path declared = work.resolve("declared-in-" + document.getFileName());
            for (JavaBlock block : JavaBlock.in(document)) {
                tests.add(DynamicTest.dynamicTest(block.where(),
                        () -> assertThat(problems(block, work, declared)).as(block.where()).isEmpty()));
            }
        }
        return tests.stream();
    }

    @Test
    void theReadmeAndTheLibraryGuideHaveTheirJavaBlocks() throws IOException {
        // the README: its taste of the API, and nothing longer
        assertThat(JavaBlock.in(RepositoryFiles.root().resolve("README.md"))).singleElement()
                .satisfies(b -> assertThat(b.text()).contains("r.finishTime(7)"));
        // the library guide: the single-file program, the API in ten lines, the machine that stays up,
        // the run over processes
        assertThat(JavaBlock.in(RepositoryFiles.root().resolve("docs/library.md"))).hasSize(4);
    }

    @Test
    void aBlockThatDoesNotCompileIsNamedByFileLineAndJavacsMessage(@TempDir Path dir) throws IOException {
        Path markdown = Files.writeString(dir.resolve("guide.md"), String.join("\n", "# A guide", "",
                "```java", "import org.logplab.core.LogP;", "", "LogP params = LogP.of(6, 2, 4, 8);",
                "System.out.println(peers);", "```", "", "  ```java", "  public class Broken {", "      int x = \"\";",
                "  }", "  ```", "", "```bash", "echo not java", "```", ""));
        List<JavaBlock> blocks = JavaBlock.in(markdown);
        assertThat(blocks).extracting(JavaBlock::line).containsExactly(4, 11);
        assertThat(problems(blocks.get(0), dir)).singleElement().asString()
                .startsWith("guide.md:4: line 7: cannot find symbol").contains("peers");
        assertThat(blocks.get(1).declaredType()).contains("Broken");
        assertThat(problems(blocks.get(1), dir)).singleElement().asString()
                .startsWith("guide.md:11: line 12: incompatible types");
    }

    /** javac's errors on {@code block}, each as {@code FILE:BLOCK_LINE: line MARKDOWN_LINE: message}. */
    static List<String> problems(JavaBlock block, Path work) throws IOException {
        return problems(block, work, Files.createTempDirectory(work, "declared"));
    }

    /**
     * As {@link #problems(JavaBlock, Path)}, with the classes in {@code declared} on the class path;
     * a block that declares a type adds its classes there, for the blocks after it.
     */
    static List<String> problems(JavaBlock block, Path work, Path declared) throws IOException {
        Path dir = Files.createTempDirectory(work, "block");
        Path source;
        // the generated lines before the block's line n, beyond n - 1: the wrapper's two after the imports
        int imports = 0;
        int wrapper = 0;
        if (block.declaredType().isPresent()) {
            source = Files.writeString(dir.resolve(block.declaredType().get() + ".java"), block.text());
        } else {
            imports = block.importLines();
            wrapper = 2;
            List<String> wrapped = new ArrayList<>(block.lines().subList(0, imports));
            wrapped.add("class Block {");
            wrapped.add("void run() throws Exception {");
            wrapped.addAll(block.lines().subList(imports, block.lines().size()));
            wrapped.add("}}");
            source = Files.write(dir.resolve("Block.java"), wrapped);
        }
        List<String> problems = new ArrayList<>();
        Files.createDirectories(declared);
        Path classes = block.declaredType().isPresent() ? declared : dir.resolve("classes");
        for (InProcessJavac.Problem p : InProcessJavac.compile(List.of(source), classes, List.of(declared))) {
            long inBlock = p.line() <= imports ? p.line() : p.line() - wrapper;
            problems.add(block.where() + ": line " + (block.line() + inBlock - 1) + ": " + p.message());
        }
        return problems;
    }
}
