package org.logplab.bench.experiment.collective;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.experiment.TimedRepetitions;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Row;
import org.logplab.core.ClockKind;
import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Processor;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.allreduce.AllReduce;
import org.logplab.core.collective.allreduce.ButterflyAllReduce;
import org.logplab.core.collective.allreduce.TreeReduceBroadcast;
import org.logplab.core.collective.broadcast.BinomialMulticast;
import org.logplab.core.collective.broadcast.Broadcast;
import org.logplab.core.collective.broadcast.BroadcastChoice;
import org.logplab.core.collective.broadcast.FibonacciMulticast;
import org.logplab.core.collective.broadcast.MulticastCrossover;
import org.logplab.core.collective.broadcast.OptimalBroadcast;

/**
 * The runs of {@code logplab collective} and of the demo's multicast rows: each algorithm once
 * under the model clock, or its repetitions on one machine that stays up under the wall clock,
 * with the same parameters. Every row carries the fields {@code logplab collective} documents.
 *
 * @param params the LogP parameters (model units, or ns under the wall clock)
 * @param group the members and the source (root)
 * @param clock the clock the runs keep
 * @param sampling which message latencies the wall-clock runs record
 * @param combineCost the cost of one combine in an all-reduce (model units, or ns)
 * @param reps wall clock: measured repetitions, after a warm-up of at least as many, not recorded
 */
public record CollectiveRuns(LogP params, Group group, ClockKind clock, LatencySampling sampling, long combineCost,
                             int reps) {
    private static final Map<String, Object> ALGORITHMS = new LinkedHashMap<>();
    /** Per processor, the trace holds at least its send and its receive: two events of about 128 bytes. */
    private static final long TRACE_BYTES_PER_PROCESSOR = 256;
    /**
     * The least a wall-clock repetition takes per processor, ns: starting and waking its platform
     * thread, about a fifth of what it takes once P is far beyond the cores, so that only runs
     * clearly too long are refused.
     */
    private static final long WALL_NANOS_PER_PROCESSOR = 50_000;

    static {
        for (Object a : List.of(new BinomialMulticast(), new FibonacciMulticast(), new OptimalBroadcast(),
                new ButterflyAllReduce(), new TreeReduceBroadcast())) {
            ALGORITHMS.put(a instanceof Broadcast b ? b.name() : ((AllReduce) a).name(), a);
        }
    }

    /** An algorithm as the command line names it, what it stands for, and for {@code auto} why. */
    public record Chosen(String name, Object algo, BroadcastChoice choice) {
        /** Whether the algorithm is an all-reduce over all processors (not a multicast to a group). */
        public boolean allReduce() {
            return algo instanceof AllReduce;
        }

        /** Whether the algorithm is the butterfly all-reduce (its ranks receive on {@code log2 P} channels). */
        public boolean butterfly() {
            return algo instanceof ButterflyAllReduce;
        }
    }

    /** The names of the algorithms {@link #choose} knows, besides {@code auto}. */
    public static Set<String> names() {
        return ALGORITHMS.keySet();
    }

    /**
     * The algorithm {@code name} stands for ({@code auto}: the broadcast predicted fastest).
     *
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public Chosen choose(String name) {
        BroadcastChoice choice = "auto".equals(name)
                ? BroadcastChoice.choose(params, group.size(), group.sourceIndex(), 8) : null;
        Object algo = choice != null ? choice.chosen() : ALGORITHMS.get(name);
        if (algo == null) {
            throw new IllegalArgumentException("unknown algorithm '" + name + "'; known: "
                    + String.join(", ", ALGORITHMS.keySet()) + ", auto");
        }
        return new Chosen(name, algo, choice);
    }

    /**
     * Runs {@code c} and returns its row: {@code ok} when every member got the right data and,
     * under the model clock, the time is exactly the prediction; under the wall clock
     * {@code verdict} marks the row ({@code oversubscribed}) and judges the time ({@code disturbed}).
     *
     * @param trace where to write a Perfetto trace of the model-clock run, or null
     */
    public Row run(Chosen c, Path trace, WallTolerance.Tally verdict) throws IOException {
        return run(c, trace, null, verdict);
    }

    /**
     * As {@link #run(Chosen, Path, WallTolerance.Tally)}, and under the model clock also writes the
     * run's schedule in GOAL to {@code goalOut} ({@link GoalOut}) when it is not null; the row then
     * shows (text only) {@code goal_out}, the line saying what was written.
     */
    public Row run(Chosen c, Path trace, Path goalOut, WallTolerance.Tally verdict) throws IOException {
        boolean wall = clock == ClockKind.WALL;
        int processors = params.P();
        long predicted = predict(c.algo());
        Row f = new Row().put("algo", c.name());
        if (c.choice() != null) {
            f.put("chosen", c.choice().chosen().name()).put("reason", c.choice().reason());
        }
        f.put("P", processors).put("size", group.size()).put("root", group.sourceRank())
                .put("L", params.L()).put("o", params.o()).put("g", params.g()).put("clock", Cells.clock(clock));
        boolean[] ok = new boolean[processors];
        long time;
        Histogram latency = null;
        if (!wall) {
            RunResult r = RunConfig.builder(params).clock(clock).latency(sampling)
                    .trace(trace != null || goalOut != null).run(p -> ok[p.rank()] = step(c.algo(), p));
            if (trace != null) {
                r.trace().orElseThrow().writeChromeJson(trace);
            }
            if (goalOut != null) {
                f.show("goal_out", GoalOut.write(r, params, goalOut));
            }
            time = r.makespan();
            f.put("time", time);
        } else {
            TimedRepetitions.Result r;
            // One machine per row: the warm-up and the measured run share its threads.
            try (Machine machine = Machine.open(RunConfig.builder(params).clock(clock).latency(sampling).build())) {
                r = TimedRepetitions.run(machine, reps, reps, Math.max(4 * predicted, 100_000),
                        (p, k) -> ok[p.rank()] = step(c.algo(), p));
            }
            time = r.median();
            f.put("time", time).put("p50_ns", r.median()).put("p99_ns", r.p99()).put("reps", r.nanos().length)
                    .put("warmup", r.warmup());
            latency = r.latency();
        }
        // Nothing injected on the wall clock predicts 0: no ratio to speak of.
        f.put("ratio", predicted == 0 ? null : time / (double) predicted);
        if (latency != null) {
            LatencyFigures.put(f, latency, sampling);
            f.show("latency_cell", LatencyFigures.cell(latency, sampling));
        }
        boolean allOk = true;
        for (boolean member : ok) {
            allOk &= member;
        }
        f.put("predicted", predicted);
        if (wall) {
            f.put("predicted_ns", predicted);
        }
        f.put("ok", allOk && (wall || time == predicted));
        if (wall) {
            verdict.mark(f, time, predicted, processors);
        }
        return f.show("label", c.choice() == null ? c.name() : c.name() + " -> " + c.choice().chosen().name());
    }

    /** The LogP prediction of {@code algo} on these parameters (model units, or ns on the wall clock). */
    public long predict(Object algo) {
        if (algo instanceof Broadcast b) {
            return b.predict(params, group.size(), group.sourceIndex(), 8);
        }
        if (algo instanceof TreeReduceBroadcast t) {
            return t.predict(params, group.size(), group.sourceIndex(), combineCost);
        }
        return ((AllReduce) algo).predict(params, group.size(), combineCost);
    }

    /**
     * Refuses (exit 2), before anything runs, what the heap cannot hold (the processors, on virtual
     * threads under the model clock, and the trace) and wall-clock repetitions of {@code chosen}
     * estimated beyond {@code maxTimeNanos} ({@code --max-time}).
     *
     * @param traced whether one run records a trace
     */
    public void refuseWhatCannotRun(List<Chosen> chosen, boolean traced, long maxTimeNanos) {
        int processors = params.P();
        boolean butterfly = chosen.stream().anyMatch(Chosen::butterfly);
        ProcessorHeap.Channels channels = butterfly ? ProcessorHeap.Channels.LOG_P : ProcessorHeap.Channels.ONE;
        Limits.heap(ProcessorHeap.needed(channels, processors) + (traced ? TRACE_BYTES_PER_PROCESSOR * processors : 0),
                String.format("collective on P = %,d processors (%,d bytes each as logplab scale measures, with room"
                + " for"
                        + " the collector%s)", processors, ProcessorHeap.bytesPerProcessor(channels, processors),
                        traced ? ", and the trace" : ""));
        if (clock == ClockKind.WALL) {
            double total = 0;
            for (Chosen c : chosen) {
                total += 2.0 * reps * Math.max(predict(c.algo()), (double) WALL_NANOS_PER_PROCESSOR * processors);
            }
            Limits.time(total, maxTimeNanos, String.format("%d algorithms x %,d repetitions and as many warm-up runs,"
                    + " each at least its predicted time and %s per processor", chosen.size(), reps,
                    WALL_NANOS_PER_PROCESSOR / 1000 + " us"));
        }
    }

    /** One processor's part; true if it ended with the right data (or is not a member). */
    private boolean step(Object algo, Processor p) {
        boolean member = group.indexOf(p.rank()) >= 0;
        if (algo instanceof Broadcast b) {
            Object got = b.broadcast(p, group, p.rank() == group.sourceRank() ? (Object) 42L : null);
            return member ? Long.valueOf(42L).equals(got) : got == null;
        }
        long processors = params.P();
        long sum = processors * (processors + 1) / 2;
        long got = ((AllReduce) algo).allReduce(p, group, p.rank() + 1L, Long::sum, combineCost);
        return got == sum;
    }

    /**
     * Fibonacci against binomial multicast on {@code processors} members over the gaps {@code gaps},
     * exact model times: the rows of {@code collective --sweep-g} and of the demo's crossover table
     * ({@code sweep}, {@code P}, {@code g}, {@code ratio}, {@code binomial}, {@code fibonacci},
     * {@code winner}).
     */
    public static List<Row> crossoverRows(long latency, long overhead, int processors, long[] gaps) {
        List<Row> rows = new ArrayList<>();
        for (MulticastCrossover.Row r : MulticastCrossover.sweep(latency, overhead, processors, gaps)) {
            rows.add(new Row().put("sweep", "fibonacci-vs-binomial").put("P", processors).put("g", r.g())
                    .put("ratio", r.ratio()).put("binomial", r.binomialTime()).put("fibonacci", r.fibonacciTime())
                    .put("winner", r.winner()));
        }
        return rows;
    }
}
