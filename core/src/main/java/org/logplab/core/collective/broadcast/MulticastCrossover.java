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
 * <p><b>What the sweep shows</b> (exact predictors, source at index 0, {@code G = 0},
 * {@code x = max(g, o) / (L + 2o)}):
 * <ul>
 *   <li>For each {@code K} there is one crossover {@code x*(K)}: Fibonacci is at least as fast
 *       below it, binomial strictly faster from it on (tested for every {@code K <= 2000}).</li>
 *   <li>{@code x*(K)} is not one number: it moves with where {@code K} lies between powers of two
 *       (the binomial's {@code ceil(log2 K)}) and Fibonacci numbers. It is at least 1/2 for every
 *       {@code K < 15,126}; the least we found is 0.4815 ({@code K = 15,126}, exhaustive up to
 *       300,000); random {@code K} up to {@code 2^31} give 0.48 to 0.76.</li>
 *   <li>For {@code K = f(n)}, {@code n >= 4}, it is exactly
 *       {@code (ceil(log2 K) - 1) / (n - 3)}: past {@code x = 1/2} the heaviest Fibonacci path is
 *       the source's own {@code n - 3} sends and one final hop. This tends to
 *       {@code log2(phi) = 0.6942}.</li>
 * </ul>
 * The seed (§4, after (11)) puts the crossover at {@code g = 0.3884 (L + 2o)}, from comparing
 * its bound (11), {@code 0.72022 log2 K (g + L + 2o)}, with {@code log2 K (L + 2o)}. That bound
 * is loose and, through a sign error in (10), not even a bound; the number is therefore not the
 * crossover. As a sufficient condition it holds: wherever {@code g <= 0.3884 (L + 2o)}, Fibonacci
 * was never slower in any case we computed.
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
     * {@code -1} if there is none. Relies on the single crossover shown in the class comment
     * (tested for every {@code K} up to thousands).
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
