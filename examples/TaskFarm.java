/*
 * Task farm: rank 0, the master, deals tasks to the P - 1 workers and collects their results.
 * The farm runs in rounds: in each the master sends one task to every worker (ranks 1, 2, ...),
 * then receives the results in the same order; a worker receives its task, works on it
 * (compute(work)) and sends back its result.
 *
 * Analysis under the model clock. A send starts at max(now, last send start + g), keeps the
 * sender busy o + (bytes - 1)G and arrives L after it ends; a receive starts at max(now, arrival,
 * last receive start + g) and takes o; compute(w) adds w. Tasks and results are one long
 * (8 bytes): a send keeps its sender busy s = o + 7G. Let W = P - 1 workers, a = max(g, s),
 * b = max(g, o), and follow one round that starts at X:
 *   - The master sends task i (i = 0 .. W - 1, to rank i + 1) at X + i a: sends are g apart and
 *     each keeps it busy s.
 *   - Worker i receives it at its arrival X + i a + s + L, works w, and sends the result at once:
 *     it arrives at the master at A_i = X + i a + 2s + 2L + o + w.
 *   - The master's first receive starts once its last send has ended and the first result is
 *     there, at max(X + (W - 1)a + s, A_0); each next one at max(previous + b, A_i), b covering
 *     the receive's o and the gap g between receive starts. So the last starts at the largest of
 *     X + (W - 1)a + s + (W - 1)b and A_i + (W - 1 - i)b, which is A_{W-1} as a >= b:
 *     X + max((W - 1)(a + b) + s, (W - 1)a + 2s + 2L + o + w). The round ends o later: X + e.
 *   - The next round sends at X + D, D = max(e, (W - 1)a + g): after the round, and g after its
 *     last send. Nothing of the round before delays it further: a worker's next task arrives D
 *     after its last one (D >= g), when the worker has long sent its result (D >= e > o + w + s),
 *     and the master's first receive of the next round comes at least g after its last one. So
 *     every round repeats the first one's times, D later.
 *
 *   makespan = (rounds - 1) max(e, (W - 1)a + g) + e,
 *   e = max((W - 1)(a + b) + s, (W - 1)a + 2s + 2L + o + w) + o,
 *   with W = P - 1, s = o + 7G, a = max(g, s), b = max(g, o), w = work
 *
 * P >= 2 (a master and at least one worker). Arguments rounds=ROUNDS (default 4) and work=UNITS
 * per task (default 100). The result of task t is t * t; the master checks every one.
 */

import java.util.Map;
import org.logplab.core.LogP;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Processor;
import org.logplab.core.ProgramArguments;

/** A master dealing tasks to its workers round by round, with the analysis above. */
public class TaskFarm implements PredictedProgram {
    private final int rounds;
    private final int work;

    public TaskFarm() {
        this(new String[0]);
    }

    /** Takes {@code rounds=ROUNDS} (default 4) and {@code work=UNITS} per task (default 100). */
    public TaskFarm(String[] args) {
        Map<String, Integer> values = ProgramArguments.parse(args, Map.of("rounds", 4, "work", 100));
        rounds = values.get("rounds");
        work = values.get("work");
        if (rounds < 1 || work < 0) {
            throw new IllegalArgumentException("rounds must be at least 1 and work at least 0, got " + values);
        }
    }

    @Override
    public void run(Processor p) {
        requireWorkers(p.size());
        int workers = p.size() - 1;
        for (int round = 0; round < rounds; round++) {
            if (p.rank() == 0) {
                for (int w = 1; w <= workers; w++) {
                    p.sendLong(w, 0, (long) round * workers + w);
                }
                for (int w = 1; w <= workers; w++) {
                    long task = (long) round * workers + w;
                    long result = p.recvLong(w, 0);
                    if (result != task * task) {
                        throw new IllegalStateException("worker " + w + " returned " + result + " for task " + task);
                    }
                }
            } else {
                long task = p.recvLong(0, 0);
                p.compute(work); // what the task costs; its result here is cheap
                p.sendLong(0, 0, task * task);
            }
        }
    }

    @Override
    public long predict(LogP params) {
        requireWorkers(params.P());
        long workers = params.P() - 1;
        long s = params.sendBusy(Long.BYTES);
        long a = Math.max(params.g(), s);
        long b = Math.max(params.g(), params.o());
        long twoHops = 2 * s + 2 * params.L() + params.o() + work;
        long e = Math.max((workers - 1) * (a + b) + s, (workers - 1) * a + twoHops) + params.o();
        return (rounds - 1) * Math.max(e, (workers - 1) * a + params.g()) + e;
    }

    private static void requireWorkers(int processors) {
        if (processors < 2) {
            throw new IllegalArgumentException("TaskFarm needs P >= 2 (a master and a worker), got P = "
                    + processors);
        }
    }
}
