package org.logplab.bench.experiment.collective;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.bench.output.Cells;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;

/**
 * How far the model clock scales ({@code logplab scale}): a collective ({@link ScaleWorkload}) on
 * virtual threads, at the given processor counts, or at P doubling from 1024 until a run takes
 * longer than the time budget. A run still going when its budget is spent is stopped there (no
 * run takes longer than the budget, so the sweep's runs take at most about three budgets in all:
 * each doubling's run takes about twice its predecessor's), which ends the sweep, as do a run
 * that runs out of heap and a P the heap cannot hold ({@link #heapProblem}); the runs so far stand.
 * A warm-up run at a small P comes first when the first P is larger, so that
 * the measured runs do not pay for compiling the runtime.
 */
public final class ScaleSweep {
    /** Processors of the warm-up run. */
    private static final int WARMUP_P = 4096;

    private final String algo;
    private final double seconds;
    private final IntFunction<LogP> params;

    /**
     * One run.
     *
     * @param algo the collective
     * @param processors P
     * @param seconds how long it took, wall clock
     * @param events messages sent and received
     * @param makespan its model makespan
     * @param predicted the makespan the model predicts
     * @param wrongValues processors that ended with a wrong value
     * @param withinBudget whether it took at most the budget
     * @param ok whether every processor ended with the right value and the makespan is the predicted one
     * @param check the check it passed or failed, in words
     */
    public record Run(String algo, int processors, double seconds, long events, long makespan, long predicted,
            long wrongValues, boolean withinBudget, boolean ok, String check) {
    }

    /**
     * @param algo the collective: {@code tree}, {@code optimal} or {@code butterfly}
     * @param seconds the time budget of a run
     * @param params the LogP parameters for P processors (model units)
     */
    public ScaleSweep(String algo, double seconds, IntFunction<LogP> params) {
        this.algo = algo;
        this.seconds = seconds;
        this.params = params;
    }

    /** Null if {@code processors} of {@code algo} fit this JVM's heap, else why not and what to do. */
    public static String heapProblem(String algo, int processors) {
        ProcessorHeap.Channels channels = ScaleWorkload.channels(algo);
        long need = ProcessorHeap.needed(channels, processors);
        long max = Runtime.getRuntime().maxMemory();
        if (need <= max) {
            return null;
        }
        long gib = (need + (1L << 30) - 1) >> 30;
        String remedy = Limits.fitsMachine(need) ? String.format("run with LOGPLAB_JAVA_OPTS='-Xms%dg -Xmx%dg"
                + " -Xmn%dg' (a young generation that holds the whole run spares the collector copying it)", gib, gib,
                Math.max(1, gib * 4 / 5)) : Limits.beyondMachine();
        return String.format("P = %,d needs about %s of heap (%,d bytes per processor for --algo %s, with room"
                + " for the collector); this JVM may use %s: %s", processors, Cells.bytes(need),
                ProcessorHeap.bytesPerProcessor(channels, processors), algo, Cells.bytes(max), remedy);
    }

    /**
     * Runs the sweep: at {@code processors} in turn, or, when null or empty, at P doubling from
     * 1024 while a run stays within the budget and P stays at most {@code maxProcessors}. Each run
     * goes to {@code runs} as it ends; progress and why the sweep stopped go to {@code notes}.
     *
     * @return the largest P whose run took at most the budget; 0 when none did
     */
    public int run(List<Integer> processors, int maxProcessors, Consumer<Run> runs, Consumer<String> notes) {
        boolean given = processors != null && !processors.isEmpty();
        int first = given ? processors.get(0) : 1024;
        if (first > WARMUP_P) {
            notes.accept("warming up on " + WARMUP_P + " processors (the first run compiles the runtime)...");
            RunConfig.builder(params.apply(WARMUP_P)).clock(ClockKind.MODEL).threads(ThreadKind.VIRTUAL)
                    .run(ScaleWorkload.of(algo, params.apply(WARMUP_P)).program());
        }
        int largest = 0;
        int p = first;
        for (int i = 0; ; i++) {
            String problem = heapProblem(algo, p);
            if (problem != null) {
                notes.accept("stopping: " + problem);
                break;
            }
            Run run = run(p, notes);
            if (run == null) {
                break;
            }
            if (run.withinBudget()) {
                largest = Math.max(largest, p);
            }
            runs.accept(run);
            if (!run.ok()) {
                notes.accept("error: " + run.wrongValues() + " processors ended with a wrong value");
            }
            if (given) {
                if (i + 1 >= processors.size()) {
                    break;
                }
                p = processors.get(i + 1);
            } else {
                if (!run.withinBudget() || p > maxProcessors / 2) {
                    break;
                }
                p *= 2;
            }
        }
        return largest;
    }

    /** One run on {@code p} processors; null when it ran out of heap or was stopped (said to {@code notes}). */
    private Run run(int p, Consumer<String> notes) {
        LogP logp = params.apply(p);
        // Start each run with an empty young generation, as JMH does between iterations: the
        // garbage of the smaller runs before would otherwise make the collector copy this
        // run's millions of live processors in the middle of it.
        System.gc();
        notes.accept(algo + " on " + p + " processors...");
        ScaleWorkload work = ScaleWorkload.of(algo, logp);
        long start = System.nanoTime();
        long budgetNanos = (long) (seconds * 1e9);
        // The run on a thread of its own, waited for up to the budget: starting and stopping P
        // threads takes seconds at hundreds of thousands, which the run's own time-out does not
        // bound. A run past the budget is stopped (interrupted, and timed out by itself) and left
        // to wind down while the sweep reports and ends.
        CompletableFuture<RunResult> outcome = new CompletableFuture<>();
        Thread runner = Thread.ofPlatform().daemon(true).name("logplab-scale-run").start(() -> {
            try {
                outcome.complete(RunConfig.builder(logp).clock(ClockKind.MODEL).threads(ThreadKind.VIRTUAL)
                        .timeout(Duration.ofNanos(budgetNanos)).run(work.program()));
            } catch (Throwable t) {
                outcome.completeExceptionally(t);
            }
        });
        RunResult r;
        try {
            r = outcome.get(budgetNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException | InterruptedException | ExecutionException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            runner.interrupt();
            boolean outOfHeap = e instanceof ExecutionException && rootCause(e) instanceof OutOfMemoryError;
            if (e instanceof ExecutionException && !outOfHeap && !(e.getCause() instanceof RunFailedException)) {
                throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
            }
            String why = outOfHeap ? "out of heap (raise it with LOGPLAB_JAVA_OPTS=-Xmx...)"
                    : String.format("stopped when the budget of %s was spent (it takes longer): the sweep ends here",
                            Cells.duration(seconds * 1e9));
            notes.accept(String.format("P = %,d: %s, after %.1f s", p, why, (System.nanoTime() - start) / 1e9));
            return null;
        }
        double took = (System.nanoTime() - start) / 1e9;
        long events = r.messagesSent() + r.messagesReceived();
        notes.accept(String.format("P = %,d: %.2f s, %,.0f events/s", p, took, events / took));
        long wrong = work.failures().sum();
        long predicted = work.predicted();
        boolean ok = wrong == 0 && r.makespan() == predicted;
        String check = String.format("%s, P = %,d: %d wrong values, makespan %d vs predicted %d", algo, p, wrong,
                r.makespan(), predicted);
        return new Run(algo, p, took, events, r.makespan(), predicted, wrong, took <= seconds, ok, check);
    }

    private static Throwable rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
