package org.logplab.bench.program;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.logplab.bench.output.Cells;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.RunResult;

/**
 * What one clock's run of a program gave. Times are model units under the model clock and ns
 * under the wall clock.
 *
 * @param program the program class's name
 * @param clock the clock the run kept
 * @param params the parameters it ran with
 * @param makespan the latest finish time: the run's under the model clock; under the wall clock
 *     the median over the repetitions of each one's latest finish (the single run's when there
 *     were no repetitions)
 * @param finishTimes each rank's finish time: the run's under the model clock; under the wall
 *     clock each rank's median over the repetitions, from a repetition's start to the rank's end
 * @param messages messages sent in one run of the program
 * @param received messages received in that run
 * @param inFlight messages sent in that run and never received, per channel
 * @param predicted the predicted makespan for {@code params}, or null without a prediction
 * @param p99 wall clock: the 99th percentile of the repetitions' times, ns, or null without repetitions
 * @param reps wall clock: the repetitions the makespan is the median of (0 without repetitions)
 * @param warmup wall clock: the repetitions run before them and not recorded (0 without repetitions)
 * @param latency wall clock: the message latencies of the measured run, ns; null under the model clock
 * @param oversubscribed whether a wall-clock run had more processors than the machine has cores
 */
public record ProgramRun(String program, ClockKind clock, LogP params, long makespan, long[] finishTimes,
                         long messages, long received, List<RunResult.InFlight> inFlight, Long predicted,
                         Long p99, int reps, int warmup, Histogram latency, boolean oversubscribed) {

    /** The outcome, its lists copied. */
    public ProgramRun {
        finishTimes = finishTimes.clone();
        inFlight = List.copyOf(inFlight);
    }

    /** Whether every message sent was received. */
    public boolean allReceived() {
        return inFlight.isEmpty() && messages == received;
    }

    /**
     * Whether the run is right: every message received and, under the model clock with a
     * prediction, the makespan exactly the predicted one (the wall clock's time is judged apart,
     * as disturbed or not).
     */
    public boolean ok() {
        return allReceived() && (clock == ClockKind.WALL || predicted == null || makespan == predicted);
    }

    /**
     * One verdict on the run, for the command's exit code.
     *
     * @param ok whether it passed
     * @param what the run and what was checked, in words, e.g. {@code Ring on the model clock: makespan 41,
     *     predicted 40}
     */
    public record Check(boolean ok, String what) { }

    /**
     * The run's checks: every message received and, under the model clock with a prediction, the
     * makespan equal to it (the wall clock's time is judged apart and never fails a run).
     */
    public List<Check> checks() {
        String run = program + " on the " + Cells.clock(clock) + " clock: ";
        List<Check> checks = new ArrayList<>(List.of(new Check(allReceived(), run + unreceived())));
        if (clock == ClockKind.MODEL && predicted != null) {
            checks.add(new Check(makespan == predicted, run + "makespan " + makespan + ", predicted " + predicted));
        }
        return checks;
    }

    /** The messages never received, in words: {@code 3 messages never received (rank 0 to rank 1: 2; ...)}. */
    public String unreceived() {
        long count = Math.max(messages - received, inFlight.stream().mapToLong(RunResult.InFlight::count).sum());
        StringBuilder b = new StringBuilder().append(count).append(count == 1 ? " message" : " messages")
                .append(" never received");
        int shown = Math.min(inFlight.size(), 8);
        for (int i = 0; i < shown; i++) {
            RunResult.InFlight f = inFlight.get(i);
            b.append(i == 0 ? " (" : "; ").append("rank ").append(f.source()).append(" to rank ")
                    .append(f.destination()).append(": ").append(f.count());
        }
        if (inFlight.size() > shown) {
            b.append("; ... and ").append(inFlight.size() - shown).append(" more channels");
        }
        return b.append(shown > 0 ? ")" : "").toString();
    }
}
