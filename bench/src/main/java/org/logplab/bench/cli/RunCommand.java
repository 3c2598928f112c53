package org.logplab.bench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.limits.ProcessorHeap;
import org.logplab.bench.output.Output;
import org.logplab.bench.program.CompileFailure;
import org.logplab.bench.program.CompiledClasses;
import org.logplab.bench.program.MakespanPlot;
import org.logplab.bench.program.PredictExpression;
import org.logplab.bench.program.ProgramClass;
import org.logplab.bench.program.ProgramFailure;
import org.logplab.bench.program.ProgramRows;
import org.logplab.bench.program.ProgramRun;
import org.logplab.bench.program.ProgramRuns;
import org.logplab.bench.program.ProgramSources;
import org.logplab.bench.program.RunSettings;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab run FILE.java... [-- ARG...]}: compiles the user's own program and runs it on a
 * LogP machine, under the model clock, the wall clock or both, beside its prediction when it has
 * one ({@link org.logplab.core.PredictedProgram}, or {@code --predict}). The model clock's makespan
 * must equal the prediction exactly (exit 1 otherwise); the wall clock's is judged by
 * {@code WallTolerance} ({@code disturbed}; the exit code stays 0). Every run must receive every
 * message it sends (exit 1 otherwise, naming the channels).
 *
 * <p>JSON Lines, one object per clock: {@code program}, {@code clock}, {@code P}, {@code L},
 * {@code o}, {@code g}, {@code G}, {@code makespan} (model units, or the wall clock's median in ns),
 * {@code finish_times} (per rank), {@code messages} (sent), {@code received}; for the wall clock
 * {@code p50_ns}, {@code p99_ns}, {@code reps}, {@code latency}, {@code msg_latency_count},
 * {@code msg_latency_p50_ns}, {@code msg_latency_p99_ns}; with a prediction {@code predicted},
 * {@code ratio}, {@code ok}, and for the wall clock {@code disturbed} ({@link ProgramRows}).
 */
@Command(name = "run", header = "Compile your own program and run it on a LogP machine, beside its prediction.",
        customSynopsis = "logplab run [OPTIONS] FILE.java|FOLDER... [-- ARG...]",
        description = {"The program is the one public class of the sources that implements org.logplab.core.Program,"
                + " with a public constructor taking String[] (it gets the ARGs after --) or none. A class that"
                + " implements org.logplab.core.PredictedProgram predicts its makespan; --predict gives a formula"
                + " instead.",
            "",
            "Model clock: the makespan must equal the prediction exactly, or the command exits 1. Wall clock: the"
                + " median of --reps repetitions on one machine that stays up, in ns, with --L --o --g --G as"
                + " durations (give ones such as 50us for the model to show); outside 0.9-1.5x its prediction it is"
                + " marked disturbed, and the exit code stays 0. Every message sent must be received (exit 1"
                + " otherwise). A run still going at --max-time is stopped, naming what each rank waits for.",
            "",
            "The compiled classes are kept (--cache-dir), so a second run of unchanged sources compiles nothing."})
final class RunCommand extends RowsCommand {

    @Mixin
    RunOptions options;

    @Mixin
    LogPOptions logp = new LogPOptions(6, 2, 4);

    @Mixin
    LatencyOptions recording;

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() throws Exception {
        long started = System.nanoTime();
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        List<String> arguments = options.programArguments(given);
        ProgramSources sources = ProgramSources.of(options.sources(given));
        List<ClockKind> clocks = options.clockKinds();
        options.checkBeforeWork(clocks);
        List<LogP> machines = new ArrayList<>();
        for (int processors : options.processors) {
            machines.add(new LogP(logp.latency, logp.overhead, logp.gap, processors, options.gapPerByte));
            ProcessorHeap.check(ProcessorHeap.Channels.ONE, processors, "run");
        }
        PredictExpression formula = null;
        for (LogP params : machines) {
            formula = options.formula(arguments, params);
        }
        Map<ClockKind, Path> plotFiles = options.plotFiles(clocks);
        Map<ClockKind, MakespanPlot> plots = new EnumMap<>(ClockKind.class);
        plotFiles.keySet().forEach(clock -> plots.put(clock, new MakespanPlot(clock)));
        try (CompiledClasses classes = compile(sources);
             ProgramClass program = ProgramClass.load(classes, sources, arguments)) {
            if (formula != null && program.predicts()) {
                note("note: --predict gives the prediction; " + program.name() + "'s own predict() is not used");
            }
            boolean wall = clocks.contains(ClockKind.WALL);
            Output.Table table = output().table(ProgramRows.columns(wall, formula != null || program.predicts()));
            WallTolerance.Tally verdict = new WallTolerance.Tally();
            List<String> lines = new ArrayList<>();
            for (LogP params : machines) {
                ProgramRuns runs = new ProgramRuns(program, new RunSettings(params, options.threads,
                        recording.sampling, options.trace, options.reps, timeLimit.maxNanos, started), formula,
                        this::note);
                for (ClockKind clock : clocks) {
                    if (clock == ClockKind.WALL) {
                        warnIfOversubscribed(params.P());
                    }
                    ProgramRun run;
                    try {
                        run = runs.run(clock);
                    } catch (ProgramFailure e) {
                        return failed(e.getMessage(), e.getCause());
                    }
                    table.add(ProgramRows.row(run, recording.sampling, verdict));
                    run.checks().forEach(c -> check(c.ok(), c.what()));
                    ProgramRows.finishLine(run).ifPresent(lines::add);
                    if (clock == ClockKind.WALL && options.histogram != null) {
                        LatencyFigures.writeHgrm(options.histogram, run.latency(), recording.sampling);
                        note("wrote " + options.histogram);
                    }
                    if (plots.containsKey(clock)) {
                        plots.get(clock).add(run);
                    }
                }
            }
            lines.forEach(output()::line);
            if (wall) {
                output().line(ProgramRows.latencyLegend(recording.sampling));
            }
            for (Map.Entry<ClockKind, MakespanPlot> plot : plots.entrySet()) {
                plot.getValue().save(plotFiles.get(plot.getKey()), Runtime.getRuntime().availableProcessors());
                note("wrote " + plotFiles.get(plot.getKey()));
            }
            verdict.warning(options.processors.stream().mapToInt(Integer::intValue).max().orElseThrow())
                    .ifPresent(this::note);
        }
        return 0;
    }

    /** The compiled sources; what javac says of sources that do not compile goes to standard error as it says it. */
    private CompiledClasses compile(ProgramSources sources) {
        try {
            return options.cache().classes(sources, this::note);
        } catch (CompileFailure e) {
            err().print(e.javacOutput());
            err().flush();
            throw e;
        }
    }
}
