package org.logplab.bench.cluster;

import java.util.concurrent.atomic.AtomicLongArray;
import org.logplab.core.Machine;
import org.logplab.core.RunResult;

/**
 * A multi-process run's job run in this one process instead, every rank a thread: what a launch
 * with {@code --check} compares the nodes' results (and, under the model clock, finish times) with.
 *
 * @param result the run's times and counts
 * @param results each rank's result
 */
public record InProcessRun(RunResult result, long[] results) {

    /** Runs {@code run}'s job over all its ranks in this process. */
    public static InProcessRun of(ClusterRun run) {
        int P = run.P();
        AtomicLongArray got = new AtomicLongArray(P);
        RunResult result = Machine.run(run.config(), run.job().program(run.config().params(), run.config().clock(),
                run.sizes(), got));
        long[] results = new long[P];
        for (int r = 0; r < P; r++) {
            results[r] = got.get(r);
        }
        return new InProcessRun(result, results);
    }
}
