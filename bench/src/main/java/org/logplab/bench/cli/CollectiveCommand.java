package org.logplab.bench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
 * was recorded); for {@code auto} also {@code chosen} and
 * {@code reason}. With {@code --sweep-g}, one object
 * per gap: {@code sweep: "fibonacci-vs-binomial"}, {@code g}, {@code ratio}, {@code binomial},
 * {@code fibonacci}, {@code winner}.
 */
@Command(name = "collective", header = "Run collectives and compare their time with the exact prediction.",
        description = "Algorithms: binomial, fibonacci, optimal (multicast; --dest for a subset), auto (the broadcast predicted "
                + "fastest, with the reason), butterfly, tree-reduce (all-reduce).")
final class CollectiveCommand extends CommandBase {
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
    LogPClockOptions logp;

    @Option(names = "--combine", defaultValue = "1", description = "Cost of one combine in an all-reduce (default 1).")
    long combineCost;

    @Option(names = "--reps", defaultValue = "200", description = "Wall clock: measured repetitions (default 200).")
    int reps;

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
        if (kind == ClockKind.WALL) {
            warnIfOversubscribed(processors);
        }
        boolean wall = kind == ClockKind.WALL;
        TextTable table = wall
                ? new TextTable("algo", "P", "members", "clock", "time", "predicted", "time / predicted", "msg latency", "ok")
                : new TextTable("algo", "P", "members", "clock", "time", "predicted", "time / predicted", "ok");
        boolean first = true;
        List<String> reasons = new ArrayList<>();
        for (String name : algos) {
            BroadcastChoice choice = "auto".equals(name)
                    ? BroadcastChoice.choose(params, group.size(), group.sourceIndex(), 8) : null;
            Object algo = choice != null ? choice.chosen() : ALGORITHMS.get(name);
            if (choice != null) {
                reasons.add("auto chose " + choice.reason());
            }
            if (algo == null) {
                throw new IllegalArgumentException("unknown algorithm '" + name + "'; known: " + String.join(", ", ALGORITHMS.keySet()) + ", auto");
            }
            if (algo instanceof AllReduce && dest != null) {
                throw new IllegalArgumentException(name + " is an all-reduce over all P processors; --dest is for multicasts");
            }
            long predicted = predict(algo, params, group);
            Map<String, Object> f = fields();
            f.put("algo", name);
            if (choice != null) {
                f.put("chosen", choice.chosen().name());
                f.put("reason", choice.reason());
            }
            f.put("P", processors);
            f.put("size", group.size());
            f.put("root", root);
            f.put("L", logp.latency);
            f.put("o", logp.overhead);
            f.put("g", logp.gap);
            f.put("clock", logp.clock);
            boolean[] ok = new boolean[processors];
            String time;
            String latencyCell = null;
            if (kind == ClockKind.MODEL) {
                RunResult r = logp.runConfig(params).trace(first && trace != null).run(p -> ok[p.rank()] = step(algo, p, group));
                if (first && trace != null) {
                    r.trace().orElseThrow().writeChromeJson(trace);
                }
                f.put("time", r.makespan());
                time = Long.toString(r.makespan());
                f.put("ratio", r.makespan() / (double) predicted);
            } else {
                TimedRepetitions.Result r;
                // One machine per row: the warm-up and the measured run share its threads.
                try (Machine machine = Machine.open(logp.runConfig(params).build())) {
                    r = TimedRepetitions.run(machine, reps, reps, Math.max(4 * predicted, 100_000),
                            (p, k) -> ok[p.rank()] = step(algo, p, group));
                }
                f.put("time", r.median());
                f.put("p50_ns", r.median());
                f.put("p99_ns", r.p99());
                f.put("reps", r.nanos().length);
                time = ns(r.median()) + " ns (p99 " + ns(r.p99()) + ")";
                f.put("ratio", r.median() / (double) predicted);
                LatencyFigures.put(f, r.latency(), logp.recording.sampling);
                latencyCell = LatencyFigures.cell(r.latency(), logp.recording.sampling);
            }
            boolean allOk = true;
            for (int rank = 0; rank < processors; rank++) {
                allOk &= ok[rank];
            }
            f.put("predicted", predicted);
            // Under the model clock the run must also take exactly the predicted time.
            allOk = check(allOk && (wall || (long) f.get("time") == predicted),
                    name + ", P = " + processors + (wall ? "" : ", time " + f.get("time") + " vs predicted " + predicted));
            f.put("ok", allOk);
            first = false;
            if (json) {
                printJson(f);
            } else {
                String label = choice == null ? name : name + " -> " + choice.chosen().name();
                String ratio = String.format("%.3f", (double) f.get("ratio"));
                String okCell = allOk ? "yes" : "NO";
                if (wall) {
                    table.row(label, processors, group.size(), logp.clock, time, predicted, ratio, latencyCell, okCell);
                } else {
                    table.row(label, processors, group.size(), logp.clock, time, predicted, ratio, okCell);
                }
            }
        }
        if (!json) {
            out().print(table.render());
            if (wall) {
                // The histogram is the whole measured run's, not only the repetitions kept for the times.
                out().println(LatencyFigures.legend("msg latency: every message of each measured run (warm-up and late"
                        + " repetitions and start handshakes included)", logp.recording.sampling));
            }
            reasons.forEach(out()::println);
        }
        if (sweep != null) {
            printSweep();
        }
        return 0;
    }

    private void printSweep() {
        List<MulticastCrossover.Row> rows = MulticastCrossover.sweep(logp.latency, logp.overhead, processors, sweep);
        TextTable t = new TextTable("g", "max(g,o)/(L+2o)", "binomial", "fibonacci", "faster");
        List<Map<String, Object>> lines = new ArrayList<>();
        for (MulticastCrossover.Row r : rows) {
            t.row(r.g(), String.format("%.4f", r.ratio()), r.binomialTime(), r.fibonacciTime(), r.winner());
            Map<String, Object> f = fields();
            f.put("sweep", "fibonacci-vs-binomial");
            f.put("P", processors);
            f.put("g", r.g());
            f.put("ratio", r.ratio());
            f.put("binomial", r.binomialTime());
            f.put("fibonacci", r.fibonacciTime());
            f.put("winner", r.winner());
            lines.add(f);
        }
        if (json) {
            lines.forEach(this::printJson);
        } else {
            out().println();
            out().println("Fibonacci vs binomial multicast on " + processors + " members, exact model times (L=" + logp.latency + ", o=" + logp.overhead + "):");
            out().print(t.render());
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
