package org.logplab.core.collective.broadcast;

/**
 * The Fibonacci cut of Gu, Li and Liu (2002), §4, Algorithm 1 (docs/algorithms.md §3). With
 * {@code f0 = 0, f1 = 1, fn = f(n-1) + f(n-2)} and {@code f(n) <= K < f(n+1)} for a segment of
 * {@code K} members {@code d1..dK} with source {@code ds} (1-based): the smaller part has
 * {@code f(n-2)} members and the source stays in the larger one.
 * <ul>
 *   <li>{@code s > f(n-2)}: the source sends to {@code d1}, which covers {@code d1..d(f(n-2))};
 *       the source keeps the rest;</li>
 *   <li>otherwise: the source sends to {@code d(K-f(n-2)+1)}, which covers the last
 *       {@code f(n-2)} members; the source keeps {@code d1..d(K-f(n-2))}.</li>
 * </ul>
 * For {@code K = 2} this is step 1 of the algorithm (the source sends to the other node).
 */
final class FibonacciSplit implements SplitRule {

    /** The only instance; the rule is stateless. */
    static final FibonacciSplit RULE = new FibonacciSplit();

    /** {@code f0..f46}; {@code f46 = 1,836,311,903} is the last that fits an {@code int}. */
    private static final int[] FIB = new int[47];

    static {
        FIB[1] = 1;
        for (int i = 2; i < FIB.length; i++) {
            FIB[i] = FIB[i - 1] + FIB[i - 2];
        }
    }

    private FibonacciSplit() {
    }

    /**
     * The paper's {@code n} for {@code K} members: the largest {@code n} with {@code f(n) <= K}, so
     * {@code f(n) <= K < f(n+1)}. For {@code K = 1} ({@code f1 = f2 = 1}) it is 2.
     */
    static int index(int members) {
        if (members < 1) {
            throw new IllegalArgumentException("a segment has at least 1 member, got " + members);
        }
        int n = 2;
        while (n + 1 < FIB.length && FIB[n + 1] <= members) {
            n++;
        }
        return n;
    }

    /** The Fibonacci number {@code f(n)}, {@code 0 <= n <= 46}. */
    static int fibonacci(int n) {
        return FIB[n];
    }

    /** Size of the smaller part, {@code f(n-2)}, for a segment of {@code members >= 2}. */
    static int smallerPart(int members) {
        return FIB[index(members) - 2];
    }

    @Override
    public Split split(int lo, int hi, int source) {
        int small = smallerPart(hi - lo + 1);
        int s = source - lo + 1;
        if (s > small) {
            return new Split(lo, lo + small - 1, lo, lo + small, hi);
        }
        int first = hi - small + 1;
        return new Split(first, hi, first, lo, first - 1);
    }

    @Override
    public String toString() {
        return "FibonacciSplit";
    }
}
