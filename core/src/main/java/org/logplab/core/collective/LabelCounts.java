package org.logplab.core.collective;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Counting functions of the general broadcast tree of seed 003 (ALGORITHMS.md §4): the root is
 * labelled 0 and a node labelled {@code t} has children labelled {@code t + D + k*I},
 * {@code k = 0, 1, ...}. For a node with {@code x} units of remaining time:
 * <ul>
 *   <li>{@link #size f(x)}: nodes in its subtree with labels at most {@code x} above its own
 *       (Theorem 2's {@code f_x});</li>
 *   <li>{@link #labelSum h(x)}: the sum of those nodes' labels relative to it.</li>
 * </ul>
 * Both come in closed form rather than by Theorem 2's recursion, whose depth grows with
 * {@code x / min(D, I)}: a node reached by {@code a} edges whose child indices sum to {@code b}
 * has relative label {@code aD + bI}, and there are {@code C(a+b-1, b)} such nodes, so by the
 * hockey-stick identity
 * {@code f(x) = 1 + sum_{a>=1} C(a + B_a, a)} and
 * {@code h(x) = sum_{a>=1} (aD C(a + B_a, a) + I a C(a + B_a, B_a - 1))},
 * {@code B_a = floor((x - aD) / I)}. Values saturate at {@link #CAP} instead of overflowing;
 * below it they are exact. Results are cached; thread-safe.
 */
final class LabelCounts {
    /** Saturation value: large enough that every count a run can need is exact below it. */
    static final long CAP = Long.MAX_VALUE / 4;

    private final long d;
    private final long i;
    private final ConcurrentHashMap<Long, Long> sizes = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, Long> sums = new ConcurrentHashMap<>();

    /** Counts for child offset {@code d = D >= 1} and sibling interval {@code i = I >= 1}. */
    LabelCounts(long d, long i) {
        if (d < 1 || i < 1) {
            throw new IllegalArgumentException("label counts need D >= 1 and I >= 1, got D=" + d + ", I=" + i);
        }
        this.d = d;
        this.i = i;
    }

    /** {@code f(x)}, 0 for {@code x < 0}. */
    long size(long x) {
        if (x < 0) {
            return 0;
        }
        Long known = sizes.get(x);
        if (known != null) {
            return known;
        }
        long total = 1;
        for (long a = 1; a <= x / d && total < CAP; a++) {
            total = add(total, binomial(a + (x - a * d) / i, a));
        }
        sizes.put(x, total);
        return total;
    }

    /** Nodes with exactly {@code x} remaining among a subtree with {@code x}: {@code f(x) - f(x-1)}. */
    long atLabel(long x) {
        return size(x) - size(x - 1);
    }

    /** {@code h(x)}, 0 for {@code x < 0}. */
    long labelSum(long x) {
        if (x < 0) {
            return 0;
        }
        Long known = sums.get(x);
        if (known != null) {
            return known;
        }
        long total = 0;
        for (long a = 1; a <= x / d && total < CAP; a++) {
            long b = (x - a * d) / i;
            long depthPart = mul(mul(a, d), binomial(a + b, a));
            long siblingPart = b == 0 ? 0 : mul(mul(i, a), binomial(a + b, b - 1));
            total = add(total, add(depthPart, siblingPart));
        }
        sums.put(x, total);
        return total;
    }

    /** {@code C(n, k)}, saturating at {@link #CAP}. */
    static long binomial(long n, long k) {
        if (k < 0 || k > n) {
            return 0;
        }
        long r = Math.min(k, n - k);
        long c = 1;
        for (long j = 1; j <= r; j++) {
            // C(n-r+j, j) = C(n-r+j-1, j-1) * (n-r+j) / j; dividing out gcd(c, j) first keeps every
            // intermediate below the result, so the value is exact whenever it is below the cap.
            long common = gcd(c, j);
            c = mul(c / common, (n - r + j) / (j / common));
            if (c >= CAP) {
                return CAP;
            }
        }
        return c;
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    static long add(long a, long b) {
        long s = a + b;
        return s >= CAP || s < 0 ? CAP : s;
    }

    static long mul(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return hi != 0 || lo < 0 || lo >= CAP ? CAP : lo;
    }
}
