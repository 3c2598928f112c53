package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.RepositoryFiles;
import org.logplab.bench.program.CompileCache;
import org.logplab.bench.program.CompiledClasses;
import org.logplab.bench.program.ProgramClass;
import org.logplab.bench.program.ProgramSources;
import org.logplab.core.LogP;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Program;
import org.logplab.core.RunResult;
import org.logplab.testkit.LogPAssertions;
import org.logplab.testkit.ModelRuns;

/**
 * Every program in {@code examples/} still does what its analysis says, so that none can rot: run
 * through {@code logplab run} on the model clock for several machines its makespan equals its own
 * prediction exactly and every message sent is received; run through the test kit the same holds
 * for the trace; and once on the wall clock it completes with every message received once.
 *
 * <p>The machines are chosen so that each regime of the examples' formulas is taken: the gap below
 * a message's time ({@code g < L + 2o}), above it ({@code g > L + 2o + 7G}), and a per-byte gap
 * {@code G > 0} that makes a long's message cost more than an empty one's.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class ExamplesTest {
    /** (L, o, g, G) of the model-clock machines each example runs on, at every P in {@link #SIZES}. */
    private static final long[][] MACHINES = {{6, 2, 4, 0}, {2, 1, 9, 0}, {10, 3, 2, 1}};
    /** Powers of two, since the prefix sum, the Monte-Carlo reduction and the bitonic sort need them. */
    private static final int[] SIZES = {2, 4, 8, 16};

    @TempDir
    static Path cache;

    static List<Path> examples() throws IOException {
        try (Stream<Path> files = Files.list(RepositoryFiles.root().resolve("examples"))) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }

    @Test
    void theFolderHoldsTheEightProgramsTheReadmeLists() throws IOException {
        assertThat(examples()).extracting(f -> f.getFileName().toString()).contains("RingAllGather.java",
                "PipelinedBroadcast.java", "PrefixSum.java", "HeatStencil.java", "TaskFarm.java", "MonteCarloPi.java",
                "BitonicSort.java", "Barrier.java");
        String readme = Files.readString(RepositoryFiles.root().resolve("examples/README.md"));
        for (Path example : examples()) {
            assertThat(readme).as("examples/README.md lists every example")
                    .contains("(" + example.getFileName() + ")");
        }
    }

    @TestFactory
    Stream<DynamicTest> onTheModelClockEachMakespanIsItsPredictionExactly() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path example : examples()) {
            for (long[] m : MACHINES) {
                for (int p : SIZES) {
                    String name = example.getFileName() + " L=" + m[0] + " o=" + m[1] + " g=" + m[2] + " G=" + m[3]
                            + " P=" + p;
                    tests.add(DynamicTest.dynamicTest(name, () -> {
                        CliTest.Outcome o = CliTest.run("run", "--cache-dir", cache.toString(), example.toString(),
                                "--P", String.valueOf(p), "--L", String.valueOf(m[0]), "--o", String.valueOf(m[1]),
                                "--g", String.valueOf(m[2]), "--G", String.valueOf(m[3]), "--json");
                        assertThat(o.code()).as(o.err()).isZero();
                        JsonNode row = o.json().get(0);
                        assertThat(row.get("clock").asText()).isEqualTo("model");
                        assertThat(row.get("P").asInt()).isEqualTo(p);
                        assertThat(row.get("makespan").asLong()).as(name).isPositive()
                                .isEqualTo(row.get("predicted").asLong());
                        assertThat(row.get("ok").asBoolean()).isTrue();
                        assertThat(row.get("received").asLong()).isEqualTo(row.get("messages").asLong()).isPositive();
                    }));
                }
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> theTestKitAgreesWithTheTrace() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        CompileCache compileCache = new CompileCache(cache);
        for (Path example : examples()) {
            tests.add(DynamicTest.dynamicTest(example.getFileName().toString(), () -> {
                ProgramSources sources = ProgramSources.of(List.of(example));
                try (CompiledClasses classes = compileCache.classes(sources, note -> { });
                        ProgramClass type = ProgramClass.load(classes, sources, List.of())) {
                    Program program = type.newInstance();
                    assertThat(program).isInstanceOf(PredictedProgram.class);
                    LogP params = LogP.of(5, 1, 3, 8).withG(1);
                    RunResult run = ModelRuns.traced(program, params);
                    LogPAssertions.assertThat(run).matchesPrediction((PredictedProgram) program)
                            .deliveredEveryMessageOnce().hasTracedMessages(run.messagesSent());
                }
            }));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> onTheWallClockEachCompletesWithEveryMessageReceivedOnce() throws IOException {
        return examples().stream().map(example -> DynamicTest.dynamicTest(example.getFileName().toString(), () -> {
            // P = 2 keeps the two cores of a CI host from being oversubscribed; small delays keep it short
            CliTest.Outcome o = CliTest.run("run", "--cache-dir", cache.toString(), example.toString(), "--clock",
                    "wall", "--P", "2", "--L", "2us", "--o", "1us", "--g", "1us", "--reps", "3", "--json");
            assertThat(o.code()).as(o.err()).isZero();
            JsonNode row = o.json().get(0);
            assertThat(row.get("clock").asText()).isEqualTo("wall");
            // a repetition that starts late (the host busy) is not measured: at most the three asked for
            assertThat(row.get("reps").asInt()).isBetween(1, 3);
            assertThat(row.get("makespan").asLong()).isPositive();
            assertThat(row.get("received").asLong()).isEqualTo(row.get("messages").asLong()).isPositive();
            assertThat(row.has("predicted")).isTrue();
        }));
    }
}
