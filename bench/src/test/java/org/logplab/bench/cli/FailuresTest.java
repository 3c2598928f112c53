package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.limits.Limits;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** What ended a command, said in words with the right exit code. */
class FailuresTest {

    @Test
    void aFileProblemNamesTheFileAndIsBadInputWhenTheCommandLineGaveIt(@TempDir Path dir) {
        Path missing = dir.resolve("no/such/t.json");
        Failures.Verdict v = Failures.of(new NoSuchFileException(missing.toString()), List.of(missing));
        assertThat(v.message()).isEqualTo("cannot use " + missing + ": the folder " + missing.getParent()
                + " does not exist");
        assertThat(v.exitCode()).isEqualTo(2);
        Path elsewhere = dir.resolve("other");
        assertThat(Failures.of(new UncheckedIOException(new AccessDeniedException(elsewhere.toString())),
                List.of(missing)))
                .isEqualTo(new Failures.Verdict("cannot use " + elsewhere + ": permission denied", 1));
        // a file made inside a folder the command line gave
        assertThat(Failures.of(new FileAlreadyExistsException(dir.resolve("out/x").toString()),
                List.of(dir.resolve("out"))).exitCode())
                .isEqualTo(2);
        assertThat(Failures.of(new FileSystemException(elsewhere.toString(), null, "No space left on device"),
                List.of()).message())
                .isEqualTo("cannot use " + elsewhere + ": no space left on device");
    }

    @Test
    void noExceptionNameReachesTheSentence() {
        assertThat(Failures.clean("java.lang.IllegalStateException: the run failed: java.io.IOException: broken pipe"))
                .isEqualTo("the run failed: broken pipe");
        Failures.Verdict v = Failures.of(new IllegalStateException("rank 3 failed",
                new ArithmeticException("/ by zero")), List.of());
        assertThat(v).isEqualTo(new Failures.Verdict("rank 3 failed: / by zero", 1));
        Failures.Verdict bug = Failures.of(new NullPointerException("Cannot read the array length because \"a\" is"
                + " null"), List.of());
        assertThat(bug.message()).startsWith("an internal error").doesNotContain("Exception");
        assertThat(bug.exitCode()).isEqualTo(1);
        assertThat(Failures.of(new IllegalArgumentException("--x must be positive"), List.of()))
                .isEqualTo(new Failures.Verdict("--x must be positive", 2));
    }

    @Test
    void runningOutOfHeapSaysHowToRaiseIt() {
        Failures.Verdict v = Failures.of(new IllegalStateException("Java heap space",
                new OutOfMemoryError("Java heap space")), List.of());
        assertThat(v.message()).startsWith("ran out of memory (java heap space; this JVM may use")
                .contains("LOGPLAB_JAVA_OPTS=-Xmx");
        assertThat(Failures.of(new OutOfMemoryError("unable to create native thread: possibly out of memory"),
                List.of()).message())
                .startsWith("could not start another thread");
    }

    /** Throws what the test gives it, as a command's code would. */
    @Command(name = "thrower")
    static final class Thrower extends CommandBase {
        static Throwable next;

        @Override
        int execute() throws Exception {
            Throwable t = next;
            if (t instanceof Error e) {
                throw e;
            }
            throw (Exception) t;
        }
    }

    private static CliTest.Outcome thrown(Throwable t) {
        Thrower.next = t;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = LogPlabCli.commandLine(new PrintWriter(out, true), new PrintWriter(err, true), "thrower");
        cli.addSubcommand(new Thrower());
        cli.getSubcommands().get("thrower").setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        return new CliTest.Outcome(cli.execute("thrower"), out.toString(), err.toString());
    }

    @Test
    void theCommandLineSaysItInOneLine() {
        CliTest.Outcome oom = thrown(new OutOfMemoryError("Java heap space"));
        assertThat(oom.code()).isEqualTo(1);
        assertThat(oom.err().lines().toList()).singleElement().asString()
                .startsWith("logplab: thrower: ran out of memory");
        CliTest.Outcome npe = thrown(new NullPointerException());
        assertThat(npe.err().lines().toList()).singleElement().asString()
                .startsWith("logplab: thrower: an internal error").doesNotContain("Exception");
        CliTest.Outcome file = thrown(new NoSuchFileException("/nowhere/x"));
        assertThat(file.err()).isEqualTo("logplab: thrower: cannot use /nowhere/x: the folder /nowhere does not exist"
                + System.lineSeparator());
    }

    @Test
    void theTimeLimitSuggestsALimitTheOptionTakes() {
        TimeLimitOptions limit = new TimeLimitOptions();
        limit.check(599e9, "just under"); // passes
        String suggestion = Limits.timeSuggestion(1.5 * 1288e9);
        assertThat(suggestion).isEqualTo("33min");
        assertThat(DurationNanosConverter.parse(suggestion)).isEqualTo(33 * 60_000_000_000L);
        assertThat(DurationNanosConverter.parse("2h")).isEqualTo(7_200_000_000_000L);
        assertThat(DurationNanosConverter.parse("10m")).isEqualTo(600_000_000_000L);
        assertThat(Limits.timeSuggestion(5 * 3600e9)).isEqualTo("5h");
    }
}
