package org.logplab.bench.experiment.collective;

import java.util.concurrent.atomic.LongAdder;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.core.LogP;
import org.logplab.core.Program;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.allreduce.ButterflyAllReduce;
import org.logplab.core.collective.broadcast.OptimalBroadcast;

/**
 * One run of {@code logplab scale}: a collective's program on every processor, its exact predicted
 * makespan (model units), and a count of the processors that ended with a wrong value.
 *
 * @param program the collective: {@code tree} ({@link TreeBroadcast}), {@code optimal}
 *     ({@link OptimalBroadcast} of 42) or {@code butterfly} ({@link ButterflyAllReduce}, the sum of
 *     the ranks plus one)
 * @param predicted the makespan the model predicts for it
 * @param failures processors that ended with a wrong value, counted as the run goes
 */
public record ScaleWorkload(Program program, long predicted, LongAdder failures) {

    /** The workload of the collective {@code algo}: {@code tree}, {@code optimal} or {@code butterfly}. */
    public static ScaleWorkload of(String algo, LogP params) {
        int size = params.P();
        LongAdder failures = new LongAdder();
        return switch (algo) {
            case "optimal" -> {
                OptimalBroadcast b = new OptimalBroadcast();
                Group all = Group.all(size, 0);
                yield new ScaleWorkload(p -> {
                    if (!Long.valueOf(42L).equals(b.broadcast(p, all, p.rank() == 0 ? (Object) 42L : null))) {
                        failures.increment();
                    }
                }, b.predict(params, size, 0, 8), failures);
            }
            case "butterfly" -> {
                ButterflyAllReduce b = new ButterflyAllReduce();
                Group all = Group.all(size, 0);
                long total = (long) size * (size + 1) / 2;
                yield new ScaleWorkload(p -> {
                    if (b.allReduce(p, all, p.rank() + 1L, Long::sum, 1) != total) {
                        failures.increment();
                    }
                }, b.predict(params, size, 1), failures);
            }
            default -> new ScaleWorkload(TreeBroadcast.program(size), TreeBroadcast.predictedMakespan(params),
                    failures);
        };
    }

    /** How many channels each processor of {@code algo} receives on: {@code log2 P} in the butterfly, else one. */
    public static ProcessorHeap.Channels channels(String algo) {
        return algo.equals("butterfly") ? ProcessorHeap.Channels.LOG_P : ProcessorHeap.Channels.ONE;
    }
}
