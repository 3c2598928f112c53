package org.logplab.bench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.logplab.bench.experiment.TimedRepetitions;
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
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab collective}: runs collectives of the seed papers and prints the measured time
 * beside the exact prediction. Model clock: times in model units, equal to the prediction.
 * Wall clock: the median and 99th percentile of repeated runs, ns, beside the prediction for the
 * same parameters in ns, and the message latencies of the measured run with the sampling they were
 * recorded under ({@code --latency}); each algorithm's repetitions run on one machine that stays up.
 *
 * <p>JSON Lines, one object per algorithm: {@code algo}, {@code P}, {@code size} (members),
 * {@code root}, {@code L}, {@code o}, {@code g}, {@code clock}, {@code time} (model units, or the
 * wall median in ns), {@code predicted}, {@code ok} (every member got the right data), and for
 * the wall clock {@code p50_ns}, {@code p99_ns}, {@code reps}, {@code latency} (the {@code --latency} form),
 * {@code msg_latency_count}, {@code msg_latency_p50_ns}, {@code msg_latency_p99_ns} (null when none
 * was recorded) and {@code disturbed} (the median outside {@link WallTolerance}'s 0.9-1.5x of the
 * prediction: the host, not the algorithm, made the time); for {@code auto} also {@code chosen} and
 * {@code reason}. With {@code --sweep-g}, one object
 * per gap: {@code sweep: "fibonacci-vs-binomial"}, {@code g}, {@code ratio}, {@code binomial},
 * {@code fibonacci}, {@code winner}.
 */
@Command(name = "collective", header = "Run collectives and compare their time with the exact prediction.",
        description = {"Algorithms: binomial, fibonacci, optimal (multicast; --dest for a subset), auto (the broadcast predicted "
                + "fastest, with the reason), butterfly, tree-reduce (all-reduce).",
            "",
            "Wall clock: a median outside 0.9-1.5x its prediction is marked disturbed (JSON disturbed: true, beside its ratio)"
                + " and a line on standard error says the host looked busy, with its load average: a quiet host gives 1.0-1.2x."
                + " A disturbed time is not a wrong result: ok still says whether every member got the right data, and the"
                + " exit code stays 0 (1 only when a check of the data fails)."})
final class CollectiveCommand extends RowsCommand {
    private static final Map<String, Object> ALGORITHMS = new LinkedHashMap<>();

    static {
        for (Object a : List.of(new BinomialMulticast(), new FibonacciMulticast(), new OptimalBroadcast(), new ButterflyAllReduce(),
                new TreeReduceBroadcast())) {
            ALGORITHMS.put(a instanceof Broadcast b ? b.name() : ((AllReduce) a).name(), a);
        }
    }

    @Option(names = "--algo", split = ",", required = true, description = "Comma list of algorithms.")
    List<String> algos;

    @Option(names = "--P", required = true, description = "Processors.")
    int processors;

    @Option(names = "--dest", split = ",", description = "Ordered member ranks of a multicast (default: all).")
    int[] dest;

    @Option(names = "--root", defaultValue = "0", description = "Source (root) rank (default 0).")
    int root;

    @Mixin
    LogPClockOptions logp = new LogPClockOptions(6, 2, 4, ClockKind.MODEL);

    @Mixin
    LatencyOptions recording;

    @Option(names = "--combine", defaultValue = "1", converter = DurationNanosConverter.Delay.class, description = "Cost of one combine in an all-reduce (default 1).")
    long combineCost;

    @Option(names = "--reps", defaultValue = "200", description = "Wall clock: measured repetitions, after as many unmeasured"
            + " (default 200).")
    int reps;

    @Mixin
    TimeLimit timeLimit;

    @Option(names = "--trace", description = "Write a Chrome/Perfetto trace of one model-clock run of the first algorithm.")
    Path trace;

    @Option(names = "--sweep-g", split = ",", description = "Also print Fibonacci vs binomial predictions over these gaps.")
    long[] sweep;

    @Override
    int execute() throws Exception {
        ClockKind kind = logp.clockKind();
        Group group = dest == null ? Group.all(processors, root) : Group.of(dest, root);
        for (int i = 0; i < group.size(); i++) {
            if (group.rank(i) >= processors) {
                throw new IllegalArgumentException("--dest rank " + group.rank(i) + " is outside 0.." + (processors - 1));
            }
        }
        Runs runs = new Runs(logp.params(processors), group, kind, recording.sampling, combineCost, reps);
        boolean wall = kind == ClockKind.WALL;
        List<Chosen> chosen = new ArrayList<>();
        for (String name : algos) {
            Chosen c = runs.choose(name);
            if (c.algo() instanceof AllReduce && dest != null) {
                throw new IllegalArgumentException(name + " is an all-reduce over all P processors; --dest is for multicasts");
            }
            chosen.add(c);
        }
        refuseWhatCannotRun(runs, chosen);
        if (wall) {
            warnIfOversubscribed(processors);
        }
        Output.Table table = output().table(columns(wall));
        WallVerdict verdict = new WallVerdict();
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) {
            Chosen c = chosen.get(i);
            if (c.choice() != null) {
                reasons.add("auto chose " + c.choice().reason());
            }
            Row f = runs.run(c, i == 0 ? trace : null, verdict);
            check(f.getBoolean("ok"), c.name() + ", P = " + processors
                    + (wall ? "" : ", time " + f.get("time") + " vs predicted " + f.get("predicted")));
            table.add(f);
        }
        verdict.warning(processors).ifPresent(this::note);
        if (wall) {
            // The histogram is the whole measured run's, not only the repetitions kept for the times.
            output().line(LatencyFigures.legend("msg latency: every message of each measured run (warm-up and late"
                    + " repetitions and start handshakes included)", recording.sampling));
        }
        reasons.forEach(output()::line);
        if (sweep != null) {
            output().line("");
            output().line("Fibonacci vs binomial multicast on " + processors + " members, exact model times (L=" + logp.latency
                    + ", o=" + logp.overhead + "):");
            Output.Table t = output().table(Column.of("g", "g"), Column.of("max(g,o)/(L+2o)", "ratio", "%.4f"),
                    Column.of("binomial", "binomial"), Column.of("fibonacci", "fibonacci"), Column.of("faster", "winner"));
            sweepRows(logp.latency, logp.overhead, processors, sweep).forEach(t::add);
        }
        return 0;
    }

    /** An algorithm as the command line names it, what it stands for, and for {@code auto} why. */
    record Chosen(String name, Object algo, BroadcastChoice choice) { }

    /**
     * The runs of one command line: each algorithm once under the model clock, or its repetitions
     * on one machine that stays up under the wall clock, with the same parameters; the demo's
     * multicast rows are made here too.
     *
     * @param reps wall clock: measured repetitions, after as many unmeasured
     */
    record Runs(LogP params, Group group, ClockKind clock, LatencySampling sampling, long combineCost, int reps) {

        /** The algorithm {@code name} stands for ({@code auto}: the broadcast predicted fastest); unknown names are bad usage. */
        Chosen choose(String name) {
            BroadcastChoice choice = "auto".equals(name) ? BroadcastChoice.choose(params, group.size(), group.sourceIndex(), 8) : null;
            Object algo = choice != null ? choice.chosen() : ALGORITHMS.get(name);
            if (algo == null) {
                throw new IllegalArgumentException("unknown algorithm '" + name + "'; known: " + String.join(", ", ALGORITHMS.keySet()) + ", auto");
            }
            return new Chosen(name, algo, choice);
        }

        /**
         * Runs {@code c} and returns its row (the fields the class comment lists): {@code ok} when
         * every member got the right data and, under the model clock, the time is exactly the
         * prediction; under the wall clock {@code verdict} judges the time ({@code disturbed}).
         *
         * @param trace where to write a Perfetto trace of the model-clock run, or null
         */
        Row run(Chosen c, Path trace, WallVerdict verdict) throws IOException {
            boolean wall = clock == ClockKind.WALL;
            int processors = params.P();
            long predicted = predict(c.algo());
            Row f = new Row().put("algo", c.name());
            if (c.choice() != null) {
                f.put("chosen", c.choice().chosen().name()).put("reason", c.choice().reason());
            }
            f.put("P", processors).put("size", group.size()).put("root", group.sourceRank())
                    .put("L", params.L()).put("o", params.o()).put("g", params.g()).put("clock", LogPClockOptions.name(clock));
            boolean[] ok = new boolean[processors];
            long time;
            Histogram latency = null;
            if (!wall) {
                RunResult r = RunConfig.builder(params).clock(clock).latency(sampling).trace(trace != null)
                        .run(p -> ok[p.rank()] = step(c.algo(), p));
                if (trace != null) {
                    r.trace().orElseThrow().writeChromeJson(trace);
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
                f.put("time", time).put("p50_ns", r.median()).put("p99_ns", r.p99()).put("reps", r.nanos().length);
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
            f.put("ok", allOk && (wall || time == predicted));
            if (wall) {
                f.put("disturbed", predicted == 0 ? null : verdict.judge(time, predicted));
            }
            return f.show("label", c.choice() == null ? c.name() : c.name() + " -> " + c.choice().chosen().name());
        }

        /** The LogP prediction of {@code algo} on these parameters (model units, or ns on the wall clock). */
        long predict(Object algo) {
            if (algo instanceof Broadcast b) {
                return b.predict(params, group.size(), group.sourceIndex(), 8);
            }
            if (algo instanceof TreeReduceBroadcast t) {
                return t.predict(params, group.size(), group.sourceIndex(), combineCost);
            }
            return ((AllReduce) algo).predict(params, group.size(), combineCost);
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
    }

    /**
     * Fibonacci against binomial multicast on {@code processors} members over the gaps {@code gaps},
     * exact model times (the rows of {@code --sweep-g}, and the demo's crossover table).
     */
    static List<Row> sweepRows(long latency, long overhead, int processors, long[] gaps) {
        List<Row> rows = new ArrayList<>();
        for (MulticastCrossover.Row r : MulticastCrossover.sweep(latency, overhead, processors, gaps)) {
            rows.add(new Row().put("sweep", "fibonacci-vs-binomial").put("P", processors).put("g", r.g()).put("ratio", r.ratio())
                    .put("binomial", r.binomialTime()).put("fibonacci", r.fibonacciTime()).put("winner", r.winner()));
        }
        return rows;
    }

    /** Per processor, the trace holds at least its send and its receive: two events of about 128 bytes. */
    private static final long TRACE_BYTES_PER_PROCESSOR = 256;
    /**
     * The least a wall-clock repetition takes per processor, ns: starting and waking its platform
     * thread. Measured here at about 250 us per processor once P is far beyond the cores (P = 1,000
     * and 4,000 on 2 cores); a fifth of that, so that only runs clearly too long are refused.
     */
    private static final long WALL_NANOS_PER_PROCESSOR = 50_000;

    /**
     * Refuses, before anything runs, what the heap cannot hold (the processors, on virtual threads
     * under the model clock, and the trace) and wall-clock repetitions beyond the time limit.
     */
    private void refuseWhatCannotRun(Runs runs, List<Chosen> chosen) {
        if (logp.wall() && reps < 1) {
            throw new IllegalArgumentException("--reps must be at least 1, got " + reps);
        }
        if (trace != null) {
            OutputPaths.checkWritableFile("--trace", trace);
        }
        boolean butterfly = chosen.stream().anyMatch(c -> c.algo() instanceof ButterflyAllReduce);
        ProcessorHeap.Channels channels = butterfly ? ProcessorHeap.Channels.LOG_P : ProcessorHeap.Channels.ONE;
        Limits.heap(ProcessorHeap.needed(channels, processors) + (trace != null ? TRACE_BYTES_PER_PROCESSOR * processors : 0),
                String.format("collective on P = %,d processors (%,d bytes each as logplab scale measures, with room for the"
                        + " collector%s)", processors, ProcessorHeap.bytesPerProcessor(channels, processors),
                        trace != null ? ", and the trace" : ""));
        if (logp.wall()) {
            double total = 0;
            for (Chosen c : chosen) {
                total += 2.0 * reps * Math.max(runs.predict(c.algo()), (double) WALL_NANOS_PER_PROCESSOR * processors);
            }
            timeLimit.check(total, String.format("%d algorithms x %,d repetitions and as many warm-up runs, each at least its"
                    + " predicted time and %s per processor", chosen.size(), reps, WALL_NANOS_PER_PROCESSOR / 1000 + " us"));
        }
    }

    /** The table's columns: the wall clock's time cell holds the median and the 99th percentile, and a latency column. */
    private static Column[] columns(boolean wall) {
        List<Column> c = new ArrayList<>(List.of(Column.of("algo", "label"), Column.of("P", "P"), Column.of("members", "size"),
                Column.of("clock", "clock"),
                wall ? Column.of("time", r -> ns(r.getDouble("p50_ns")) + " ns (p99 " + ns(r.getDouble("p99_ns")) + ")")
                        : Column.of("time", "time"),
                Column.of("predicted", "predicted"), Column.of("time / predicted", "ratio", "%.3f")));
        if (wall) {
            c.add(Column.of("msg latency", "latency_cell"));
        }
        c.add(Column.yesNo("ok", "ok"));
        if (wall) {
            c.add(Column.of("disturbed", r -> r.get("disturbed") == null ? "-" : (boolean) r.get("disturbed") ? "YES" : "no"));
        }
        return c.toArray(Column[]::new);
    }

}
