package org.logplab.bench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.logplab.bench.experiment.goal.GoalSettings;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.OutputPaths;
import org.logplab.bench.peers.LogGopSimPeer;
import org.logplab.core.ClockKind;
import org.logplab.goal.sim.LogGopsParams;
import org.logplab.goal.sim.Quirk;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options of {@code logplab goal}: the file, the LogGOPS parameters with LogGOPSim's defaults
 * (integers in its units), the clock, LogGOPSim's quirks, the trace and LogGOPSim beside; and
 * their checks, each refusing bad input with an {@link IllegalArgumentException} that names it.
 */
final class GoalOptions {

    @Parameters(index = "0", paramLabel = "FILE.goal", description = "The schedule, in GOAL (LogGOPSim's text"
            + " format).")
    Path file;

    @Option(names = "--L", defaultValue = "2500", description = "Latency L (default ${DEFAULT-VALUE}).")
    long latency;

    @Option(names = "--o", defaultValue = "1500", description = "Overhead per message o (default ${DEFAULT-VALUE}).")
    long overhead;

    @Option(names = "--g", defaultValue = "1000", description = "Gap per message g (default ${DEFAULT-VALUE}).")
    long gap;

    @Option(names = "--G", defaultValue = "6", description = "Gap per byte G (default ${DEFAULT-VALUE}).")
    long gapPerByte;

    @Option(names = "--O", defaultValue = "0", description = "Overhead per byte O (default ${DEFAULT-VALUE}).")
    long overheadPerByte;

    @Option(names = "--S", defaultValue = "65535",
            description = "The largest message sent eagerly, bytes; larger ones wait for their receive (default"
                    + " ${DEFAULT-VALUE}).")
    long eagerLimit;

    @Option(names = "--clock", split = ",", defaultValue = "model", converter = LogPClockOptions.ClockConverter.class,
            paramLabel = "model|wall",
            description = "model: exact model time, as LogGOPSim simulates it (default); wall: the schedule for real on"
                    + " a processor per rank, beside the model's time; or both: model,wall.")
    List<String> clocks;

    @Option(names = "--unit", defaultValue = "1ns", converter = DurationNanosConverter.class, paramLabel = "D",
            description = "Wall clock: what one model unit lasts (default 1ns): L, o, g, G are injected as that many"
                    + " units, a calc computes for its time in units.")
    long unit;

    @Option(names = "--reps", defaultValue = "20",
            description = "Wall clock: measured repetitions, after as many unmeasured (default ${DEFAULT-VALUE}); each"
                    + " rank's finish is its median.")
    int reps;

    @Option(names = "--quirks", defaultValue = "all", paramLabel = "all|none|LIST",
            description = "LogGOPSim's departures from the model to reproduce: all (default: its numbers), none"
                    + " (the model's), or a comma list of ready-order, cpu-stamp, rendezvous-indices, receive-size,"
                    + " any-tag-send.")
    String quirks;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Write a Chrome/Perfetto trace of the model-clock run (open it at ui.perfetto.dev).")
    Path trace;

    @Option(names = "--loggopsim", paramLabel = "PATH",
            description = "LogGOPSim's bin folder (txt2bin and LogGOPSim) or its LogGOPSim binary: its times beside"
                    + " ours (default: found on the PATH or where its build script puts it).")
    Path logGopSim;

    @Option(names = "--no-loggopsim", description = "Do not run LogGOPSim beside.")
    boolean noLogGopSim;

    /** The clocks {@code --clock} names, each once, in its order. */
    List<ClockKind> clockKinds() {
        return clocks.stream().map(LogPClockOptions.ClockConverter::parse).distinct().toList();
    }

    /**
     * What the run is asked for, checked before any work: the file readable, the parameters in
     * LogGOPSim's range, the quirks known, the trace writable (and on the model clock).
     */
    GoalSettings settings(long deadlineNanos) {
        OutputPaths.checkReadableFile(null, file);
        LogGopsParams params = new LogGopsParams(latency, overhead, gap, gapPerByte, overheadPerByte, eagerLimit);
        if (trace != null) {
            if (!clockKinds().contains(ClockKind.MODEL)) {
                throw new IllegalArgumentException("--trace writes the trace of the model-clock run: give --clock"
                        + " model or model,wall");
            }
            OutputPaths.checkWritableFile("--trace", trace);
        }
        if (clockKinds().contains(ClockKind.WALL)) {
            Limits.repetitions("--reps", reps);
        }
        return new GoalSettings(file, params, Quirk.parse(quirks), trace, deadlineNanos);
    }

    /** LogGOPSim, where {@code --loggopsim} gives it or it is installed; empty with {@code --no-loggopsim}. */
    Optional<LogGopSimPeer> logGopSim() {
        if (noLogGopSim) {
            if (logGopSim != null) {
                throw new IllegalArgumentException("--loggopsim and --no-loggopsim contradict each other: give one");
            }
            return Optional.empty();
        }
        return LogGopSimPeer.find(logGopSim);
    }
}
