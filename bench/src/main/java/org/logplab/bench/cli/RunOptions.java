package org.logplab.bench.cli;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.OutputPaths;
import org.logplab.bench.program.CompileCache;
import org.logplab.bench.program.PredictExpression;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.ThreadKind;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options of {@code logplab run} beside the LogP parameters', the latency recording's and the
 * time limit's: the sources and the program's arguments, the processors, {@code --G}, the clocks,
 * the threads, the trace, the repetitions, the prediction and the compile cache; and their checks,
 * each refusing bad input with an {@link IllegalArgumentException} that names the option.
 */
final class RunOptions {

    @Parameters(arity = "1..*", paramLabel = "FILE",
            description = "The program: its .java files, or folders of them (every .java file below); then, after"
                    + " --, the arguments its String[] constructor gets.")
    List<String> positional;

    @Option(names = "--P", split = ",", defaultValue = "4",
            description = "Processors (default 4); several, e.g. 2,4,8,16, run the program at each in turn.")
    List<Integer> processors;

    @Option(names = "--G", defaultValue = "0", converter = DurationNanosConverter.Delay.class,
            description = "Gap per byte G (LogGP), as --L (default 0).")
    long gapPerByte;

    @Option(names = "--clock", split = ",", defaultValue = "model", converter = LogPClockOptions.ClockConverter.class,
            paramLabel = "model|wall",
            description = "model (exact model time), wall (measured), or both: model,wall (default model).")
    List<String> clocks;

    @Option(names = "--threads", converter = ThreadsConverter.class, paramLabel = "platform|virtual",
            description = "One platform or one virtual thread per processor (default: virtual on the model clock,"
                    + " platform on the wall clock).")
    ThreadKind threads;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Write a Chrome/Perfetto trace of the model-clock run (open it at ui.perfetto.dev).")
    Path trace;

    @Option(names = "--reps", defaultValue = "100",
            description = "Wall clock: measured repetitions, after as many unmeasured (default 100); the makespan is"
                    + " their median.")
    int reps;

    @Option(names = "--predict", paramLabel = "EXPR",
            description = "The predicted makespan as a formula over L, o, g, G, P and the program's name=number"
                    + " arguments, with + - * / ^, max(a,b), min(a,b), log2, ceil, floor, e.g. \"P*(L+2*o)\"; it"
                    + " wins over the class's own predict().")
    String predict;

    @Option(names = "--plot", paramLabel = "FILE.png",
            description = "Draw the makespan against P, with the prediction, as a PNG chart (needs two or more --P;"
                    + " with both clocks, one chart each: FILE-model.png and FILE-wall.png).")
    Path plot;

    @Option(names = "--histogram", paramLabel = "FILE.hgrm",
            description = "Write the wall-clock run's message latencies as an HdrHistogram percentile distribution"
                    + " (ns; plot it at hdrhistogram.github.io/HdrHistogram/plotFiles.html). Needs --clock wall and"
                    + " one --P.")
    Path histogram;

    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "Where compiled programs are kept between runs (default: $" + CompileCache.ENVIRONMENT
                    + ", else $XDG_CACHE_HOME/logplab/run, else ~/.cache/logplab/run).")
    Path cacheDir;

    /**
     * The source paths: the parameters before {@code --} in {@code originalArgs} (the command
     * line as given, which alone tells where {@code --} stood).
     */
    List<Path> sources(List<String> originalArgs) {
        return positional.subList(0, positional.size() - programArguments(originalArgs).size()).stream()
                .map(Path::of).toList();
    }

    /** The program's arguments: everything after the first {@code --} of {@code originalArgs}. */
    List<String> programArguments(List<String> originalArgs) {
        int end = originalArgs.indexOf("--");
        if (end < 0) {
            return List.of();
        }
        List<String> after = originalArgs.subList(end + 1, originalArgs.size());
        // more than the parameters: that -- was an option's value, not the end of the options
        return after.size() <= positional.size() ? after : List.of();
    }

    /** The clocks {@code --clock} names, each once, in its order. */
    List<ClockKind> clockKinds() {
        return clocks.stream().map(LogPClockOptions.ClockConverter::parse).distinct().toList();
    }

    /**
     * Refuses, before anything is compiled, a wall-clock {@code --reps} out of range, a
     * {@code --trace} without the model clock, and a {@code --trace} that cannot be written.
     */
    void checkBeforeWork(List<ClockKind> kinds) {
        for (int p : processors) {
            if (p < 1) {
                throw new IllegalArgumentException("--P must be at least 1, got " + p);
            }
        }
        if (processors.size() != processors.stream().distinct().count()) {
            throw new IllegalArgumentException("--P names a processor count twice: " + processors);
        }
        if (plot != null) {
            if (processors.size() < 2) {
                throw new IllegalArgumentException("--plot draws the makespan against P: give two or more counts,"
                        + " e.g. --P 2,4,8,16");
            }
            for (Path file : plotFiles(kinds).values()) {
                OutputPaths.checkWritableFile("--plot", file);
            }
        }
        if (trace != null && processors.size() > 1) {
            throw new IllegalArgumentException("--trace writes the trace of one run: give one --P with it, not "
                    + processors.size());
        }
        if (histogram != null) {
            if (!kinds.contains(ClockKind.WALL)) {
                throw new IllegalArgumentException("--histogram writes the wall-clock run's message latencies: give"
                        + " --clock wall or model,wall");
            }
            if (processors.size() > 1) {
                throw new IllegalArgumentException("--histogram writes the latencies of one run: give one --P with"
                        + " it, not " + processors.size());
            }
            OutputPaths.checkWritableFile("--histogram", histogram);
        }
        if (kinds.contains(ClockKind.WALL)) {
            Limits.repetitions("--reps", reps);
        }
        if (trace != null) {
            if (!kinds.contains(ClockKind.MODEL)) {
                throw new IllegalArgumentException("--trace writes the trace of the model-clock run: give --clock"
                        + " model or model,wall");
            }
            OutputPaths.checkWritableFile("--trace", trace);
        }
    }

    /**
     * Where {@code --plot} draws each clock's chart: the file as given for one clock; for two,
     * {@code NAME-model.png} and {@code NAME-wall.png} beside it (the clocks' units differ).
     */
    Map<ClockKind, Path> plotFiles(List<ClockKind> kinds) {
        Map<ClockKind, Path> files = new EnumMap<>(ClockKind.class);
        if (plot == null) {
            return files;
        }
        if (kinds.size() == 1) {
            files.put(kinds.get(0), plot);
            return files;
        }
        String name = plot.getFileName().toString();
        String stem = name.toLowerCase(Locale.ROOT).endsWith(".png") ? name.substring(0, name.length() - 4) : name;
        for (ClockKind kind : kinds) {
            files.put(kind, plot.resolveSibling(stem + "-" + kind.name().toLowerCase(Locale.ROOT) + ".png"));
        }
        return files;
    }

    /** The compile cache: {@code --cache-dir}, or the default root. */
    CompileCache cache() {
        return new CompileCache(cacheDir != null ? cacheDir : CompileCache.defaultRoot(System.getenv()));
    }

    /**
     * The {@code --predict} formula over the parameters and {@code arguments}, or null without one;
     * evaluated once for {@code params}, so that one without a value there is refused before
     * anything is compiled.
     */
    PredictExpression formula(List<String> arguments, LogP params) {
        if (predict == null) {
            return null;
        }
        PredictExpression formula = PredictExpression.parse(predict, arguments);
        formula.exact(params);
        return formula;
    }

    /** Parses {@code platform} or {@code virtual} (any case); anything else is bad usage naming the text. */
    static final class ThreadsConverter implements CommandLine.ITypeConverter<ThreadKind> {
        @Override
        public ThreadKind convert(String text) {
            return switch (text == null ? "" : text.trim().toLowerCase(Locale.ROOT)) {
                case "platform" -> ThreadKind.PLATFORM;
                case "virtual" -> ThreadKind.VIRTUAL;
                default -> throw new CommandLine.TypeConversionException("--threads must be platform or virtual, got '"
                        + text + "'");
            };
        }
    }
}
