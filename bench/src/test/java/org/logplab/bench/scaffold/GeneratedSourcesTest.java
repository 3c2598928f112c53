package org.logplab.bench.scaffold;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.InProcessJavac;
import org.logplab.core.LogP;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.TraceEvent;

/**
 * The Java files of a new project compile and the program keeps its prediction exactly on the
 * model clock. They are written against {@code org.logplab.core.PredictedProgram} and the test kit
 * ({@code org.logplab.testkit}); where this build's class path lacks them, the test compiles
 * against stand-ins of their agreed signatures (below), which do no checking: the real test kit
 * runs the generated test in {@code NewProjectBuildIT}.
 */
class GeneratedSourcesTest {
    private static final String PREDICTED_PROGRAM = """
            package org.logplab.core;

            public interface PredictedProgram extends Program {
                long predict(LogP params);
            }
            """;
    private static final String RUN_ASSERT = """
            package org.logplab.testkit;

            import org.assertj.core.api.AbstractAssert;
            import org.logplab.core.PredictedProgram;
            import org.logplab.core.RunResult;

            public final class RunAssert extends AbstractAssert<RunAssert, RunResult> {
                RunAssert(RunResult actual) { super(actual, RunAssert.class); }
                public RunAssert hasMakespan(long expected) { return this; }
                public RunAssert hasFinishTime(int rank, long expected) { return this; }
                public RunAssert matchesPrediction(PredictedProgram program) { return this; }
                public RunAssert deliveredEveryMessageOnce() { return this; }
                public RunAssert hasTracedMessages(long expected) { return this; }
            }
            """;
    private static final String LOGP_ASSERTIONS = """
            package org.logplab.testkit;

            import org.logplab.core.RunResult;

            public final class LogPAssertions {
                public static RunAssert assertThat(RunResult actual) { return new RunAssert(actual); }
            }
            """;
    private static final String MODEL_RUNS = """
            package org.logplab.testkit;

            import org.logplab.core.LogP;
            import org.logplab.core.Program;
            import org.logplab.core.RunConfig;
            import org.logplab.core.RunResult;

            public final class ModelRuns {
                public static RunResult traced(Program program, LogP params) {
                    return RunConfig.builder(params).trace(true).run(program);
                }
            }
            """;

    @Test
    void theProgramAndItsTestCompileAndTheProgramTakesExactlyItsPredictedTime(@TempDir Path tmp) throws Exception {
        List<ProjectFile> files = NewProject.of("demo-algo", "com.acme.algos", null).files(PinnedVersions.current());
        List<Path> sources = new ArrayList<>();
        for (ProjectFile f : files) {
            if (f.path().endsWith(".java")) {
                sources.add(write(tmp.resolve("project"), f.path(), f.text()));
            }
        }
        Path stubs = tmp.resolve("stubs");
        if (!onClassPath("org.logplab.core.PredictedProgram")) {
            sources.add(write(stubs, "org/logplab/core/PredictedProgram.java", PREDICTED_PROGRAM));
        }
        if (!onClassPath("org.logplab.testkit.ModelRuns")) {
            sources.add(write(stubs, "org/logplab/testkit/RunAssert.java", RUN_ASSERT));
            sources.add(write(stubs, "org/logplab/testkit/LogPAssertions.java", LOGP_ASSERTIONS));
            sources.add(write(stubs, "org/logplab/testkit/ModelRuns.java", MODEL_RUNS));
        }
        Path classes = tmp.resolve("classes");
        assertThat(InProcessJavac.compile(sources, classes, List.of())).isEmpty();

        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                GeneratedSourcesTest.class.getClassLoader())) {
            Object program = loader.loadClass("com.acme.algos.DemoAlgo").getConstructor().newInstance();
            Method predict = program.getClass().getMethod("predict", LogP.class);
            for (LogP params : List.of(LogP.of(6, 2, 4, 8), LogP.of(0, 0, 0, 2), LogP.of(10, 3, 1, 5),
                    LogP.of(1, 5, 20, 16).withG(2), LogP.of(6, 2, 4, 1), LogP.of(3, 7, 2, 33).withG(5))) {
                RunResult run = RunConfig.builder(params).trace(true).run((Program) program);
                assertThat(run.makespan()).as(params.toString()).isEqualTo((long) predict.invoke(program, params));
                assertThat(run.finishTime(0)).as("rank 0 finishes last").isEqualTo(run.makespan());
                assertThat(run.messagesReceived()).isEqualTo(params.P() == 1 ? 0 : params.P());
                assertThat(run.trace().orElseThrow().events()).filteredOn(e -> e.kind() == TraceEvent.Kind.SEND)
                        .hasSize((int) run.messagesSent());
            }
        }
    }

    private static Path write(Path root, String path, String text) throws Exception {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, text);
    }

    private static boolean onClassPath(String className) {
        try {
            Class.forName(className, false, GeneratedSourcesTest.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
