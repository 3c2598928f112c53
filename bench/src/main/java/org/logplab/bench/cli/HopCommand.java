package org.logplab.bench.cli;

import java.util.List;
import org.logplab.bench.cluster.HopMeasurement;
import org.logplab.bench.cluster.HopRows;
import org.logplab.bench.cluster.NodeMedia;
import org.logplab.bench.output.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab hop}: what a message between two processes costs a program, beside what it costs
 * the transport ({@link HopMeasurement}). Each repetition measures, one after the other:
 * <ul>
 *   <li>the transport's one-way time: {@code pingpong --transport aeron-ipc|aeron-udp --sizes 8}
 *       (two threads of one JVM, half the round trip of a frame with an 8-byte payload; its median
 *       and its mean);</li>
 *   <li>the hop: {@code launch --nodes 2 --job ring --P 2 --clock wall --L 0 --o 0 --g 0}, a token
 *       (a {@code Long}, 8 bytes of payload) passed between two ranks on two node JVMs for
 *       {@code --rounds} rounds; its makespan over the {@code 2 * rounds} hops, every one between
 *       the processes.</li>
 * </ul>
 * The hop is a mean (every stall counts); its ratio is given to the mean one-way time and to the
 * median, and the output says what lifts the one-way mean above its median (the outliers: their
 * share of round trips and of the time, p99, max). Alternating the two measurements spreads the
 * machine's other load over both.
 *
 * <p>JSON Lines: one object per repetition ({@code rep}, {@code media}, {@code oneway_ns_p50},
 * {@code oneway_ns_mean}, {@code hop_ns}, {@code ratio}: hop over mean one-way, {@code ratio_p50}:
 * hop over median one-way, {@code oneway_ns_p99}, {@code oneway_ns_max}, {@code oneway_outliers},
 * {@code oneway_outlier_time}), then one with {@code summary: true}, {@code media}, {@code rounds},
 * {@code hops}, {@code reps} and the medians over the repetitions of the figures ({@link HopRows}).
 */
@Command(name = "hop", header = "A hop between two node processes beside the transport's own one-way time.",
        description = {"Alternates 'pingpong --transport aeron-<media> --sizes 8' with 'launch --nodes 2 --job ring"
                + " --P 2",
            "--clock wall --L 0 --o 0 --g 0' and prints both times per message and their ratio."})
final class HopCommand extends RowsCommand {

    @Mixin
    HopOptions options;

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() throws Exception {
        NodeMedia media = options.media();
        options.checkCounts();
        HopMeasurement.refuseWhatCannotRun(options.reps, options.rounds, options.pingPongReps, timeLimit.maxNanos);
        HopMeasurement hop = new HopMeasurement(media, options.pingPongReps, options.ring(), options.jvmOptions,
                ClusterRunOptions.NODE_COMMAND, this::note);
        HopRows rows = new HopRows(output(), options.media);
        try (Progress steps = progress("hop", options.reps)) {
            for (int i = 0; i < options.reps; i++) {
                steps.step("ping-pong over aeron-" + options.media + ", then the ring over 2 node processes");
                try {
                    rows.add(hop.measure());
                } catch (HopMeasurement.RingFailedException e) {
                    throw ringFailed(e.getCause());
                }
            }
        }
        rows.summary(options.rounds);
        return 0;
    }

    /**
     * Says why the ring's launch failed as {@code logplab launch} says it, and returns the failure
     * of this command, which names the launch's exit code.
     */
    private IllegalStateException ringFailed(Throwable why) {
        Failures.Verdict verdict = Failures.of(why, List.of());
        note("logplab: launch: " + verdict.message());
        if (System.getenv("LOGPLAB_DEBUG") != null) {
            why.printStackTrace(err());
            err().flush();
        }
        return new IllegalStateException("the ring over 2 node processes failed (launch exit code " + verdict.exitCode()
                + ")");
    }
}
