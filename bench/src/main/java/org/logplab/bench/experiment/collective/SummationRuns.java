package org.logplab.bench.experiment.collective;

import java.io.IOException;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.logplab.bench.output.Row;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.summation.OptimalSummation;
import org.logplab.core.collective.summation.SummationPlan;

/**
 * Runs of the optimal LogP summation under the model clock, as {@code logplab summation} and the
 * demo print them: the sum of the operands {@code 1..N}, beside its plan and the seed's Theorem 6.
 * Stateless; any thread.
 */
public final class SummationRuns {
    private SummationRuns() {
    }

    /**
     * One run under the model clock: the sum of {@code 1..n} on {@code params.P()} processors,
     * ending at {@code root}. Its row has the fields {@code logplab summation} documents; its
     * {@code ok} says whether the sum is right and the time is exactly the plan's; the sum itself is
     * shown under {@code sum} (text only).
     */
    public static Row row(LogP params, int root, long n) {
        return run(params, root, n, false).row();
    }

    /**
     * As {@link #row(LogP, int, long)}, and writes the run's schedule in GOAL to {@code goalOut}
     * ({@link GoalOut}); the row shows (text only) {@code goal_out}, the line saying what was
     * written.
     */
    public static Row row(LogP params, int root, long n, Path goalOut) throws IOException {
        Run run = run(params, root, n, true);
        return run.row().show("goal_out", GoalOut.write(run.result(), params, goalOut));
    }

    private record Run(Row row, RunResult result) {
    }

    private static Run run(LogP params, int root, long n, boolean traced) {
        Group group = Group.all(params.P(), root);
        SummationPlan plan = SummationPlan.of(params, params.P(), n);
        long[] total = new long[1];
        RunResult r = RunConfig.builder(params).clock(ClockKind.MODEL).trace(traced).run(p -> {
            OptionalLong got = new OptimalSummation().sum(p, group, plan, j -> j + 1, Long::sum);
            got.ifPresent(t -> total[0] = t);
        });
        long seedTime = plan.seedTime();
        Row row = new Row().put("algo", "optimal-summation").put("P", params.P()).put("N", n).put("root", root)
                .put("L", params.L()).put("o", params.o()).put("g", params.g()).put("clock", "model")
                .put("time", r.makespan()).put("predicted", plan.time()).put("processors_used", plan.processors())
                .put("tree_time", plan.treeTime()).put("capacity", plan.capacity())
                .put("seed_capacity", plan.seedCapacity()).put("seed_time", seedTime < 0 ? null : seedTime)
                .put("ok", total[0] == expectedSum(n) && r.makespan() == plan.time())
                .show("sum", total[0]);
        return new Run(row, r);
    }

    /** {@code 1 + 2 + ... + n}, wrapping like the run's long additions. */
    public static long expectedSum(long n) {
        return n % 2 == 0 ? (n / 2) * (n + 1) : n * ((n + 1) / 2);
    }
}
