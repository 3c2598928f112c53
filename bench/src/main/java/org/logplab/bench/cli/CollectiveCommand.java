package org.logplab.bench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import org.HdrHistogram.Histogram;
import java.util.List;
import java.util.Map;
import org.logplab.bench.experiment.TimedRepetitions;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Processor;
import org.logplab.core.RunResult;
import org.logplab.core.collective.AllReduce;
import org.logplab.core.collective.BinomialMulticast;
import org.logplab.core.collective.BroadcastChoice;
import org.logplab.core.collective.Broadcast;
import org.logplab.core.collective.ButterflyAllReduce;
import org.logplab.core.collective.FibonacciMulticast;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.MulticastCrossover;
import org.logplab.core.collective.OptimalBroadcast;
import org.logplab.core.collective.TreeReduceBroadcast;
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

    @Option(names = "--combine", defaultValue = "1", description = "Cost of one combine in an all-reduce (default 1).")
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
        LogP params = logp.params(processors);
        Group group = dest == null ? Group.all(processors, root) : Group.of(dest, root);
        for (int i = 0; i < group.size(); i++) {
            if (group.rank(i) >= processors) {
                throw new IllegalArgumentException("--dest rank " + group.rank(i) + " is outside 0.." + (processors - 1));
            }
        }
        boolean wall = kind == ClockKind.WALL;
        List<Object> chosen = new ArrayList<>();
        List<BroadcastChoice> choices = new ArrayList<>();
        for (String name : algos) {
            BroadcastChoice choice = "auto".equals(name)
                    ? BroadcastChoice.choose(params, group.size(), group.sourceIndex(), 8) : null;
            Object algo = choice != null ? choice.chosen() : ALGORITHMS.get(name);
            if (algo == null) {
                throw new IllegalArgumentException("unknown algorithm '" + name + "'; known: " + String.join(", ", ALGORITHMS.keySet()) + ", auto");
            }
            if (algo instanceof AllReduce && dest != null) {
                throw new IllegalArgumentException(name + " is an all-reduce over all P processors; --dest is for multicasts");
            }
            chosen.add(algo);
            choices.add(choice);
        }
        refuseWhatCannotRun(params, group, chosen);
        if (wall) {
            warnIfOversubscribed(processors);
        }
        Output.Table table = output().table(columns(wall));
        boolean first = true;
        WallVerdict verdict = new WallVerdict();
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < algos.size(); i++) {
            String name = algos.get(i);
            Object algo = chosen.get(i);
            BroadcastChoice choice = choices.get(i);
            if (choice != null) {
                reasons.add("auto chose " + choice.reason());
            }
            long predicted = predict(algo, params, group);
            Row f = new Row().put("algo", name);
            if (choice != null) {
                f.put("chosen", choice.chosen().name()).put("reason", choice.reason());
            }
            f.put("P", processors).put("size", group.size()).put("root", root)
                    .put("L", logp.latency).put("o", logp.overhead).put("g", logp.gap).put("clock", logp.clock);
            boolean[] ok = new boolean[processors];
            long time;
            Histogram latency = null;
            if (kind == ClockKind.MODEL) {
                RunResult r = logp.runConfig(params).latency(recording.sampling).trace(first && trace != null)
                        .run(p -> ok[p.rank()] = step(algo, p, group));
                if (first && trace != null) {
                    r.trace().orElseThrow().writeChromeJson(trace);
                }
                time = r.makespan();
                f.put("time", time);
            } else {
                TimedRepetitions.Result r;
                // One machine per row: the warm-up and the measured run share its threads.
                try (Machine machine = Machine.open(logp.runConfig(params).latency(recording.sampling).build())) {
                    r = TimedRepetitions.run(machine, reps, reps, Math.max(4 * predicted, 100_000),
                            (p, k) -> ok[p.rank()] = step(algo, p, group));
                }
                time = r.median();
                f.put("time", time).put("p50_ns", r.median()).put("p99_ns", r.p99()).put("reps", r.nanos().length);
                latency = r.latency();
            }
            // Nothing injected on the wall clock predicts 0: no ratio to speak of.
            f.put("ratio", predicted == 0 ? null : time / (double) predicted);
            if (latency != null) {
                LatencyFigures.put(f, latency, recording.sampling);
                f.show("latency_cell", LatencyFigures.cell(latency, recording.sampling));
            }
            boolean allOk = true;
            for (int rank = 0; rank < processors; rank++) {
                allOk &= ok[rank];
            }
            f.put("predicted", predicted);
            // Under the model clock the run must also take exactly the predicted time.
            allOk = check(allOk && (wall || time == predicted),
                    name + ", P = " + processors + (wall ? "" : ", time " + time + " vs predicted " + predicted));
            f.put("ok", allOk);
            if (wall) {
                f.put("disturbed", predicted == 0 ? null : verdict.judge(time, predicted));
            }
            f.show("label", choice == null ? name : name + " -> " + choice.chosen().name());
            first = false;
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
            addSweep();
        }
        return 0;
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
    private void refuseWhatCannotRun(LogP params, Group group, List<Object> chosen) {
        if (logp.wall() && reps < 1) {
            throw new IllegalArgumentException("--reps must be at least 1, got " + reps);
        }
        if (trace != null) {
            OutputPaths.checkWritableFile("--trace", trace);
        }
        boolean butterfly = chosen.stream().anyMatch(a -> a instanceof ButterflyAllReduce);
        ProcessorHeap.Channels channels = butterfly ? ProcessorHeap.Channels.LOG_P : ProcessorHeap.Channels.ONE;
        Limits.heap(ProcessorHeap.needed(channels, processors) + (trace != null ? TRACE_BYTES_PER_PROCESSOR * processors : 0),
                String.format("collective on P = %,d processors (%,d bytes each as logplab scale measures, with room for the"
                        + " collector%s)", processors, ProcessorHeap.bytesPerProcessor(channels, processors),
                        trace != null ? ", and the trace" : ""));
        if (logp.wall()) {
            double total = 0;
            for (Object algo : chosen) {
                total += 2.0 * reps * Math.max(predict(algo, params, group), (double) WALL_NANOS_PER_PROCESSOR * processors);
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

    private void addSweep() {
        output().line("");
        output().line("Fibonacci vs binomial multicast on " + processors + " members, exact model times (L=" + logp.latency
                + ", o=" + logp.overhead + "):");
        Output.Table t = output().table(Column.of("g", "g"), Column.of("max(g,o)/(L+2o)", "ratio", "%.4f"),
                Column.of("binomial", "binomial"), Column.of("fibonacci", "fibonacci"), Column.of("faster", "winner"));
        for (MulticastCrossover.Row r : MulticastCrossover.sweep(logp.latency, logp.overhead, processors, sweep)) {
            t.add(new Row().put("sweep", "fibonacci-vs-binomial").put("P", processors).put("g", r.g()).put("ratio", r.ratio())
                    .put("binomial", r.binomialTime()).put("fibonacci", r.fibonacciTime()).put("winner", r.winner()));
        }
    }

    private long predict(Object algo, LogP params, Group group) {
        if (algo instanceof Broadcast b) {
            return b.predict(params, group.size(), group.sourceIndex(), 8);
        }
        if (algo instanceof TreeReduceBroadcast t) {
            return t.predict(params, group.size(), group.sourceIndex(), combineCost);
        }
        return ((AllReduce) algo).predict(params, group.size(), combineCost);
    }

    /** One processor's part; true if it ended with the right data (or is not a member). */
    private boolean step(Object algo, Processor p, Group group) {
        boolean member = group.indexOf(p.rank()) >= 0;
        if (algo instanceof Broadcast b) {
            Object got = b.broadcast(p, group, p.rank() == group.sourceRank() ? (Object) 42L : null);
            return member ? Long.valueOf(42L).equals(got) : got == null;
        }
        long sum = (long) processors * (processors + 1) / 2;
        long got = ((AllReduce) algo).allReduce(p, group, p.rank() + 1L, Long::sum, combineCost);
        return got == sum;
    }
}
