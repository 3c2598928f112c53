package org.logplab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./logplab shell}: jshell, started as the launcher starts it (on the tests' class path here,
 * on {@code logplab.jar} in {@code ReadmeRoutesIT}), runs the library guide's first snippet
 * ({@code docs/library.md}) as a user pastes it, and the startup file alone imports what it needs.
 */
class ShellTest {

    /** The "API in ten lines" block of docs/library.md: the flat broadcast whose last child finishes at 34. */
    static JavaBlock readmeSnippet() throws Exception {
        return JavaBlock.in(RepositoryFiles.root().resolve("docs/library.md")).stream()
                .filter(b -> b.text().contains("r.finishTime(7);")).findFirst().orElseThrow();
    }

    @Test
    void theLauncherStartsJshellOnTheJarWithItsFlagsAndTheStartupFile() throws Exception {
        String script = Files.readString(JshellSession.launcher());
        assertThat(script).contains("\"$JAVA_HOME/bin/jshell\" --class-path \"$jar\"");
        for (String flag : JvmFlags.REQUIRED) {
            assertThat(script).contains("-R" + flag);
        }
        assertThat(JshellSession.startupFile()).isRegularFile();
        assertThat(Files.readString(JshellSession.startupFile())).contains("import org.logplab.core.*;");
    }

    @Test
    void theReadmeSnippetRunsInTheShellAndPrintsTheLastChildsFinishTime(@TempDir Path dir) throws Exception {
        String transcript = JshellSession.run(JshellSession.command(InProcessJavac.testClassPath()), dir,
                readmeSnippet().text());
        assertThat(JshellSession.failures(transcript)).as(transcript).isEmpty();
        // r.finishTime(7): 6 max(g, o) + L + 2o = 34
        assertThat(transcript).contains("==> 34");
        assertThat(dir.resolve("t.json")).isNotEmptyFile();
    }

    @Test
    void theStartupFileImportsWhatTheSnippetUses(@TempDir Path dir) throws Exception {
        JavaBlock snippet = readmeSnippet();
        List<String> statements = snippet.lines().subList(snippet.importLines(), snippet.lines().size());
        String transcript = JshellSession.run(JshellSession.command(InProcessJavac.testClassPath()), dir,
                String.join("\n", statements) + "\nnew ButterflyAllReduce().getClass().getSimpleName()");
        assertThat(JshellSession.failures(transcript)).as(transcript).isEmpty();
        assertThat(transcript).contains("==> 34", "==> \"ButterflyAllReduce\"");
    }
}
