package org.logplab.bench.experiment.collective;

import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;

/**
 * The naive summation that optimal summation is compared with: the {@code N} operands split as
 * evenly as possible over the {@code P} processors, each adds its own ({@code k - 1} additions of
 * one model unit), then a binomial-tree reduce to rank 0 (receive, add one unit). Run under the
 * model clock; the makespan is its exact time.
 */
public final class NaiveReduce {
    private NaiveReduce() {
    }

    /** The model time to sum {@code n} operands on {@code params.P()} processors; rank 0 ends with the sum. */
    public static long time(LogP params, long n) {
        int procs = params.P();
        if (n < 1) {
            throw new IllegalArgumentException("at least 1 operand, got " + n);
        }
        int used = (int) Math.min(procs, n);
        return Machine.run(params.withP(used), ClockKind.MODEL, p -> {
            int r = p.rank();
            long mine = n / used + (r < n % used ? 1 : 0);
            p.compute(mine - 1);
            for (int step = 1; step < used; step <<= 1) {
                if ((r & step) != 0) {
                    p.send(r - step, 0, 0L);
                    return;
                }
                if (r + step < used) {
                    p.recv(r + step);
                    p.compute(1);
                }
            }
        }).makespan();
    }
}
