package org.logplab.core.runtime;

import org.logplab.core.LatencySampling;
import org.logplab.core.LogP;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;

/**
 * A two-rank model-clock run (L = 5, o = 1, g = 2) with each rank on a platform thread of its own, started
 * and joined here, as the pool would run them ({@link Run#execute}): the shape the Lincheck tests of the
 * runtime need, since the model checker explores the interleavings of threads a test starts itself.
 */
final class TwoRankThreads {
    private TwoRankThreads() {
    }

    /** Runs {@code program} on two ranks; throws the run's failure (a deadlock report, for one) if it failed. */
    static void run(Program program) {
        LogP params = LogP.of(5, 1, 2, 2);
        ProcessorPool pool = new ProcessorPool(RunConfig.builder(params).latency(LatencySampling.OFF).build(), false);
        Run run = pool.prepare(params, program);
        for (ProcessorImpl p : pool.local) {
            p.makeThread(loop -> new Thread(() -> run.execute(p)));
        }
        for (ProcessorImpl p : pool.local) {
            p.thread().start();
        }
        for (ProcessorImpl p : pool.local) {
            try {
                p.thread().join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        if (run.failed()) {
            run.await(); // throws the run's failure
        }
    }
}
