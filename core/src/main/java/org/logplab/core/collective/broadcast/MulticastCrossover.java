package org.logplab.core.collective.broadcast;

import java.util.ArrayList;
import java.util.List;
import org.logplab.core.LogP;

/**
 * Where the Fibonacci multicast beats uniform halving (Gu, Li and Liu (2002), §4 and §3;
 * docs/algorithms.md §2-3), by their exact predictors over a sweep of the gap {@code g}, for the
 * command line to print.
 *
 * <pre>{@code
 * for (MulticastCrossover.Row row : MulticastCrossover.sweep(100, 0, 1000, new long[] {10, 40, 60})) {
 *     System.out.println(row.ratio() + " " + row.winner());
 * }
 * }</pre>
 *
 * <p>For every group size {@code K} checked, the two predictions (source at index 0, {@code G = 0})
 * cross once, at a ratio {@code x*(K)} of {@code max(g, o) / (L + 2o)}: Fibonacci is at least as
 * fast below it, binomial strictly faster from it on. {@code x*(K)} moves with {@code K}; the
 * seed's {@code g = 0.3884 (L + 2o)} (§4, after (11)) comes from its loose bound (11) and is a
 * sufficient condition, not the crossover. What the sweeps found, and why, is in
 * docs/algorithms.md §3.
 *
 * <p>Stateless; thread-safe.
 */
public final class MulticastCrossover {

    private MulticastCrossover() {
    }

    /**
     * One point of the sweep; times in model units.
     *
     * @param g the gap
     * @param ratio {@code g / (L + 2o)}
     * @param binomialTime {@link BinomialMulticast#predict} with the source at index 0
     * @param fibonacciTime {@link FibonacciMulticast#predict}
     * @param winner {@code "fibonacci"}, {@code "binomial"} or {@code "tie"}
     */
    public record Row(long g, double ratio, long binomialTime, long fibonacciTime, String winner) { }

    /**
     * Predicted times of both multicasts of 8 bytes to {@code size} members, source at index 0, for
     * each gap in {@code gValues}.
     *
     * @throws IllegalArgumentException if a parameter is negative, {@code size < 1}, or {@code L + 2o = 0}
     */
    public static List<Row> sweep(long L, long o, int size, long[] gValues) {
        if (L + 2 * o <= 0) {
            throw new IllegalArgumentException("L + 2o must be positive to form g / (L + 2o), got L = " + L
                    + ", o = " + o);
        }
        Broadcast binomial = new BinomialMulticast();
        Broadcast fibonacci = new FibonacciMulticast();
        List<Row> rows = new ArrayList<>(gValues.length);
        for (long g : gValues) {
            LogP params = LogP.of(L, o, g, size);
            long b = binomial.predict(params, size, 0, 8);
            long f = fibonacci.predict(params, size, 0, 8);
            String winner = f < b ? "fibonacci" : b < f ? "binomial" : "tie";
            rows.add(new Row(g, g / (double) params.messageTime(), b, f, winner));
        }
        return rows;
    }

    /**
     * The least gap at which the binomial multicast to {@code size} members is strictly faster
     * than the Fibonacci one (source at index 0, {@code G = 0}), searched up to {@code maxGap};
     * {@code -1} if there is none. Bisects, so it relies on the single crossover of the class
     * comment (found for every {@code K} checked, docs/algorithms.md §3).
     */
    public static long crossoverGap(long L, long o, int size, long maxGap) {
        Broadcast binomial = new BinomialMulticast();
        Broadcast fibonacci = new FibonacciMulticast();
        long lo = 0;
        long hi = maxGap + 1;
        while (lo < hi) {
            long g = (lo + hi) >>> 1;
            LogP params = LogP.of(L, o, g, size);
            if (fibonacci.predict(params, size, 0, 8) > binomial.predict(params, size, 0, 8)) {
                hi = g;
            } else {
                lo = g + 1;
            }
        }
        return lo > maxGap ? -1 : lo;
    }
}
