package org.logplab.bench.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import org.logplab.bench.experiment.fft.FftEngine;
import org.logplab.bench.experiment.fft.FftModelRuns;
import org.logplab.bench.experiment.fft.FftSweep;
import org.logplab.core.LogP;
import org.logplab.fft.FftKernels;
import picocli.CommandLine.Option;

/**
 * The options of {@code logplab fft} beside the clock's and the time limit's: sizes, processor
 * counts, engines, repetitions, the breakdown and the model clock's {@code --G} and
 * {@code --elem-cost}; and their checks, each refusing bad input with an
 * {@link IllegalArgumentException} that names the option.
 */
final class FftOptions {

    @Option(names = "--n", split = ",", defaultValue = "2^13..2^20",
            description = "Sizes: powers of two as 8192 or 2^13, ranges 2^13..2^22 (default 2^13..2^20).")
    List<String> sizes;

    @Option(names = "--p", split = ",", defaultValue = "1,2",
            description = "Processor counts, powers of two (default 1,2).")
    List<Integer> processors;

    @Option(names = "--engine", split = ",", defaultValue = "logp,forkjoin,jtransforms",
            description = "logp (master/worker, arrays lent), logp-seed (the seed's master/worker: every block "
                    + "copied), logp-distributed (data already distributed, partners lend each other their blocks), "
                    + "logp-distributed-seed (data already distributed, the seed's exchange: copies), forkjoin, "
                    + "jtransforms, fftw (FFTW 3 on one thread where it is installed: apt-get install libfftw3-dev) "
                    + "(default logp,forkjoin,jtransforms).")
    List<String> engines;

    @Option(names = "--kernels", defaultValue = "auto", paramLabel = "scalar|vector|auto",
            description = "Our FFT's kernels, in every engine that runs it: scalar (plain Java) or vector (the JDK's "
                    + "incubating Vector API; the logplab launcher starts the JVM with --add-modules "
                    + "jdk.incubator.vector for it, which prints an incubator warning); auto: vector where the JVM "
                    + "has that module, else scalar (default auto).")
    String kernels;

    @Option(names = "--breakdown",
            description = "Also show where each runtime engine's time goes, per phase: scatter, local FFT, snapshot "
                    + "(copying the block that is sent, in the engines that copy; the upper rank of a pair also "
                    + "twiddles it), wait for partner, combine (the butterflies), gather (ns per transform).")
    boolean breakdown;

    @Option(names = "--reps", defaultValue = "21",
            description = "Timed repetitions per measurement, at least (default 21); small sizes repeat more, to fill "
                    + "about 150 ms (up to 1000), and the JSON's reps says how many.")
    int reps;

    @Option(names = "--G", defaultValue = "0", converter = DurationNanosConverter.Delay.class,
            description = "Model clock: gap per byte, units (default 0).")
    long gapPerByte;

    @Option(names = "--elem-cost", defaultValue = "1", converter = DurationNanosConverter.Delay.class,
            description = "Model clock: units per point per radix-2 stage, the seed's t_elem (default 1).")
    long elementCost;

    /** The options that only the model clock takes. */
    private static final List<String> MODEL_ONLY = List.of("--L", "--o", "--g", "--G", "--elem-cost");

    /**
     * Makes our FFT run on the kernels {@code --kernels} names, and returns them.
     *
     * @throws IllegalArgumentException naming {@code --kernels} for an unknown name, or saying
     *     what to do when this JVM lacks the vector kernels
     */
    FftKernels useKernels() {
        FftKernels chosen;
        try {
            chosen = FftKernels.parse(kernels);
            FftKernels.use(chosen);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IllegalArgumentException("--kernels " + kernels + ": " + e.getMessage(), e);
        }
        return chosen;
    }

    /** The engines {@code --engine} names, in its order. */
    List<FftEngine> parseEngines() {
        return engines.stream().map(String::trim).map(FftEngine::parse).toList();
    }

    /** The sizes {@code --n} names: each size, and each range's powers of two, in order. */
    List<Integer> parseSizes() {
        List<Integer> ns = new ArrayList<>();
        for (String s : sizes) {
            String[] range = s.trim().split("\\.\\.", -1);
            if (range.length > 2) {
                throw new IllegalArgumentException("--n takes sizes or ranges A..B, got '" + s + "'");
            }
            int from = size(range[0]);
            int to = range.length == 2 ? size(range[1]) : from;
            for (long n = from; n <= to; n *= 2) {
                ns.add((int) n);
            }
        }
        return ns;
    }

    /** The model-clock runs of {@code ns} and {@code chosen} with {@code L}, {@code o}, {@code g} of the clock. */
    FftModelRuns modelRuns(List<Integer> ns, List<FftEngine> chosen, LogPOptions logp) {
        return new FftModelRuns(ns, processors, chosen, new LogP(logp.latency, logp.overhead, logp.gap, 1, gapPerByte),
                elementCost);
    }

    /** Refuses a model-clock run none of whose {@code chosen} engines runs on the LogP runtime. */
    static void requireRuntimeEngine(List<FftEngine> chosen) {
        if (chosen.stream().noneMatch(FftEngine::onRuntime)) {
            throw new IllegalArgumentException("--clock model runs the engines on the LogP runtime ("
                    + String.join(", ", Arrays.stream(FftEngine.values()).filter(FftEngine::onRuntime)
                            .map(FftEngine::label).toList()) + "); --engine names none of them");
        }
    }

    /** Refuses, on the wall clock, the model clock's parameters where {@code given} says the command line gave them. */
    static void refuseModelParameters(Predicate<String> given) {
        for (String modelOnly : MODEL_ONLY) {
            if (given.test(modelOnly)) {
                throw new IllegalArgumentException(modelOnly + " is a parameter of the model clock (--clock model);"
                        + " the wall clock measures the transforms as they run and injects nothing");
            }
        }
    }

    /**
     * Refuses a processor count {@code p} that is not a power of two, or that leaves a size of
     * {@code ns} fewer than 2 points per rank.
     */
    static void checkProcessors(int p, List<Integer> ns) {
        if (p < 1 || Integer.bitCount(p) != 1) {
            throw new IllegalArgumentException("--p must be a power of two, got " + p);
        }
        for (int n : ns) {
            if (n / p < 2) {
                throw new IllegalArgumentException("N/p must be at least 2, got N=" + n + ", p=" + p);
            }
        }
    }

    /** The wall-clock sweep of {@code ns} and {@code chosen}, refusing fewer than 3 repetitions. */
    FftSweep sweep(List<Integer> ns, List<FftEngine> chosen) {
        if (reps < 3) {
            throw new IllegalArgumentException("--reps must be at least 3, got " + reps);
        }
        return new FftSweep(ns, processors, chosen, reps, breakdown);
    }

    private static int size(String text) {
        String t = text.trim();
        long n;
        try {
            n = t.startsWith("2^") ? 1L << Integer.parseInt(t.substring(2)) : Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--n takes powers of two such as 8192 or 2^13, got '" + text + "'");
        }
        if (n < 2 || n > (1 << 26) || Long.bitCount(n) != 1) {
            throw new IllegalArgumentException("--n sizes must be powers of two from 2 to 2^26, got '" + text + "'");
        }
        return (int) n;
    }
}
