package org.logplab.bench.cli;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.logplab.bench.experiment.TreeBroadcast;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.allreduce.ButterflyAllReduce;
import org.logplab.core.collective.broadcast.OptimalBroadcast;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab scale}: how far the model clock scales. A collective on virtual threads (the
 * binary-tree broadcast by default; {@code --algo optimal} or {@code butterfly} for the optimal
 * broadcast or the butterfly all-reduce), P doubling from 2^10 (or the given list) until a run
 * takes longer than the budget.
 * A run still going after three budgets is stopped, and one that runs out of heap ends the sweep;
 * either way the rows so far and the largest P within the budget are printed. Each finished run
 * is also noted on standard error as it completes.
 *
 * <p><b>Heap.</b> Every processor is a virtual thread with its clock and channels, about a
 * kilobyte each ({@link ProcessorHeap}, measured with {@code jcmd GC.class_histogram}): a
 * {@code --P} the heap cannot hold is refused up front with the heap it needs; the doubling
 * sweep stops there with the same message. A warm-up run at a small P comes first, so that the
 * measured run does not pay for compiling the runtime (an uncompiled wake-up path costs every
 * waiting thread a deoptimisation, seconds at millions of threads).
 *
 * <p>JSON Lines, one object per P: {@code algo}, {@code P}, {@code seconds}, {@code events} (sends +
 * receives), {@code events_per_s}, {@code makespan}, {@code predicted}, {@code within_budget},
 * {@code ok} (every processor ended with the right value).
 */
@Command(header = "Largest model-clock collective within a time budget.", name = "scale", description = {
    "Scale of the model clock: a collective (--algo tree, optimal or butterfly) on virtual threads, P doubling",
    "until a run exceeds the time budget or the heap (about 1 KB per processor; it says what -Xmx a P needs).",
    "P = 2^23: LOGPLAB_JAVA_OPTS='-Xms20g -Xmx20g -Xmn16g'."})
final class ScaleCommand extends RowsCommand {
    /** A run still going after this many budgets is stopped (a heap too small for P thrashes for minutes). */
    private static final int STOP_AFTER_BUDGETS = 3;

    @Option(names = "--seconds", defaultValue = "30", description = "Time budget per run in seconds (default 30).")
    double seconds;

    @Option(names = "--P", split = ",", description = "Processor counts to run instead of doubling from 1024.")
    List<Integer> processors;

    @Option(names = "--max-P", defaultValue = "16777216", description = "Largest P to try when doubling (default 2^24).")
    int maxProcessors;

    @Option(names = "--algo", defaultValue = "tree",
            description = "tree (binary-tree broadcast), optimal (optimal broadcast) or butterfly (all-reduce); default tree.")
    String algo;

    @Mixin
    LogPOptions logp = new LogPOptions(6, 2, 4);

    @Mixin
    TimeLimitOptions timeLimit;

    /** One run's program, its exact predicted makespan, and a count of processors that got a wrong value. */
    private record Workload(Program program, long predicted, LongAdder failures) { }

    private Workload workload(LogP params) {
        int size = params.P();
        LongAdder failures = new LongAdder();
        return switch (algo) {
            case "optimal" -> {
                OptimalBroadcast b = new OptimalBroadcast();
                Group all = Group.all(size, 0);
                yield new Workload(p -> {
                    if (!Long.valueOf(42L).equals(b.broadcast(p, all, p.rank() == 0 ? (Object) 42L : null))) {
                        failures.increment();
                    }
                }, b.predict(params, size, 0, 8), failures);
            }
            case "butterfly" -> {
                ButterflyAllReduce b = new ButterflyAllReduce();
                Group all = Group.all(size, 0);
                long total = (long) size * (size + 1) / 2;
                yield new Workload(p -> {
                    if (b.allReduce(p, all, p.rank() + 1L, Long::sum, 1) != total) {
                        failures.increment();
                    }
                }, b.predict(params, size, 1), failures);
            }
            default -> new Workload(TreeBroadcast.program(size), TreeBroadcast.predictedMakespan(params), failures);
        };
    }

    private static Throwable rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    /** How many channels each processor of {@code algo} receives on: {@code log2 P} in the butterfly, else one. */
    static ProcessorHeap.Channels channels(String algo) {
        return algo.equals("butterfly") ? ProcessorHeap.Channels.LOG_P : ProcessorHeap.Channels.ONE;
    }

    /** Processors of the warm-up run. */
    private static final int WARMUP_P = 4096;

    /** Null if {@code processors} fits the heap, else why not and what to do. */
    private String heapProblem(int processors) {
        long need = ProcessorHeap.needed(channels(algo), processors);
        long max = Runtime.getRuntime().maxMemory();
        if (need <= max) {
            return null;
        }
        long gib = (need + (1L << 30) - 1) >> 30;
        return String.format("P = %,d needs about %.1f GiB of heap (%,d bytes per processor for --algo %s, with room for the "
                + "collector); this JVM may use %.1f GiB: %s",
                processors, need / (double) (1L << 30), ProcessorHeap.bytesPerProcessor(channels(algo), processors), algo, max / (double) (1L << 30),
                Limits.fitsMachine(need) ? String.format("run with LOGPLAB_JAVA_OPTS='-Xms%dg -Xmx%dg -Xmn%dg' (a young "
                + "generation that holds the whole run spares the collector copying it)", gib, gib, Math.max(1, gib * 4 / 5))
                : Limits.beyondMachine());
    }

    @Override
    int execute() {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("--seconds must be positive, got " + seconds);
        }
        if (seconds * 1e9 > timeLimit.maxNanos) {
            throw new IllegalArgumentException(String.format("--seconds %s lets one run take %s, more than --max-time %s: give a"
                    + " smaller budget, or --max-time %s", seconds, Cells.duration(seconds * 1e9), Cells.duration(timeLimit.maxNanos),
                    Limits.timeSuggestion(STOP_AFTER_BUDGETS * seconds * 1e9)));
        }
        if (!List.of("tree", "optimal", "butterfly").contains(algo)) {
            throw new IllegalArgumentException("--algo must be tree, optimal or butterfly, got '" + algo + "'");
        }
        if (processors != null) {
            for (int n : processors) {
                if (n < 1) {
                    throw new IllegalArgumentException("--P values must be at least 1, got " + n);
                }
                String problem = heapProblem(n);
                if (problem != null) {
                    throw new IllegalArgumentException(problem);
                }
            }
        }
        int first = processors == null || processors.isEmpty() ? 1024 : processors.get(0);
        if (first > WARMUP_P) {
            note("warming up on " + WARMUP_P + " processors (the first run compiles the runtime)...");
            RunConfig.builder(logp.params(WARMUP_P)).clock(ClockKind.MODEL).threads(ThreadKind.VIRTUAL)
                    .run(workload(logp.params(WARMUP_P)).program());
        }
        Output.Table table = output().table(Column.of("algo", "algo"), Column.of("P", "P"), Column.of("seconds", "seconds", "%.2f"),
                Column.of("events", "events"), Column.of("events/s", "events_per_s", "%,.0f"), Column.of("makespan", "makespan"),
                Column.of("predicted", "predicted"), Column.of("within budget", r -> (boolean) r.get("within_budget") ? "yes" : "no"));
        int largest = 0;
        int p = first;
        for (int i = 0; ; i++) {
            String problem = heapProblem(p);
            if (problem != null) {
                note("stopping: " + problem);
                break;
            }
            LogP params = logp.params(p);
            // Start each run with an empty young generation, as JMH does between iterations: the
            // garbage of the smaller runs before would otherwise make the collector copy this
            // run's millions of live processors in the middle of it.
            System.gc();
            note(algo + " on " + p + " processors...");
            Workload work = workload(params);
            long start = System.nanoTime();
            RunResult r;
            try {
                r = RunConfig.builder(params).clock(ClockKind.MODEL).threads(ThreadKind.VIRTUAL)
                        .timeout(Duration.ofMillis((long) (STOP_AFTER_BUDGETS * seconds * 1000))).run(work.program());
            } catch (RunFailedException | OutOfMemoryError e) {
                String why = rootCause(e) instanceof OutOfMemoryError
                        ? "out of heap (raise it with LOGPLAB_JAVA_OPTS=-Xmx...)"
                        : "stopped after " + STOP_AFTER_BUDGETS + " budgets: " + e.getMessage();
                note(String.format("P = %,d: %s after %.1f s", p, why, (System.nanoTime() - start) / 1e9));
                break;
            }
            double took = (System.nanoTime() - start) / 1e9;
            note(String.format("P = %,d: %.2f s, %,.0f events/s", p, took,
                    (r.messagesSent() + r.messagesReceived()) / took));
            long events = r.messagesSent() + r.messagesReceived();
            boolean within = took <= seconds;
            long predicted = work.predicted();
            boolean ok = check(work.failures().sum() == 0 && r.makespan() == predicted, String.format("%s, P = %,d: %d wrong values,"
                    + " makespan %d vs predicted %d", algo, p, work.failures().sum(), r.makespan(), predicted));
            if (within) {
                largest = Math.max(largest, p);
            }
            table.add(new Row().put("algo", algo).put("P", p).put("seconds", took).put("events", events)
                    .put("events_per_s", events / took).put("makespan", r.makespan()).put("predicted", predicted)
                    .put("within_budget", within).put("ok", ok));
            if (!ok) {
                note("error: " + work.failures().sum() + " processors ended with a wrong value");
            }
            if (processors != null && !processors.isEmpty()) {
                if (i + 1 >= processors.size()) {
                    break;
                }
                p = processors.get(i + 1);
            } else {
                if (!within || p > maxProcessors / 2) {
                    break;
                }
                p *= 2;
            }
        }
        output().line(String.format("largest P within %.0f s: %,d", seconds, largest));
        return 0;
    }
}
