package org.logplab.bench.cli;

import java.util.Optional;

/**
 * Whether wall-clock times are far enough from their LogP predictions that the host, not the
 * algorithm, made them: a ratio of measured over predicted outside {@link WallTolerance}'s
 * range, the one tolerance of every wall-clock verdict (collective and demo alike). On a quiet
 * host the medians of {@code collective --clock wall --L 50us --o 10us --g 20us --P 2} were
 * 1.02-1.16 times their prediction, with another program busy on the 2 cores 57-83 times.
 *
 * <p>A disturbed time is not a wrong result: the data can still be right ({@code ok}), and the
 * command's exit code stays 0. The row says {@code disturbed}, and one line on standard error
 * says the host looked busy, with the load average where {@code /proc/loadavg} is readable.
 */
final class WallVerdict {
    private int disturbed;
    private int judged;
    private double worst = 1;

    /** Judges one measured time against its prediction; true if it is disturbed. */
    boolean judge(double measured, double predicted) {
        double ratio = measured / predicted;
        judged++;
        boolean off = WallTolerance.disturbed(ratio, false);
        if (off) {
            disturbed++;
            worst = Math.abs(Math.log(ratio)) > Math.abs(Math.log(worst)) ? ratio : worst;
        }
        return off;
    }

    /**
     * The line for standard error when any time was disturbed, else empty: how many, the worst
     * ratio, the load average, and whether the threads outnumbered the cores.
     */
    Optional<String> warning(int threads) {
        if (disturbed == 0) {
            return Optional.empty();
        }
        int cores = Runtime.getRuntime().availableProcessors();
        return Optional.of(String.format("warning: the host looked busy: %d of %d wall-clock times are outside %.1f-%.1fx their"
                        + " prediction (up to %.1fx)%s%s; they are marked disturbed, and measure the machine's other work more than"
                        + " the algorithm", disturbed, judged, WallTolerance.LOW, WallTolerance.HIGH, worst,
                Optional.ofNullable(WallTolerance.loadAverage())
                        .map(l -> String.format(java.util.Locale.ROOT, "; load average %.2f over the last minute on %d cores", l, cores))
                        .orElse(""),
                threads > cores ? "; " + threads + " threads on " + cores + " cores oversubscribe them" : ""));
    }
}
