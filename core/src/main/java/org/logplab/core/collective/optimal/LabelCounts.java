package org.logplab.core.collective.optimal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counting functions of the general broadcast tree of Shou and Chen (1997) (docs/algorithms.md §4):
 * the root is labelled 0 and a node labelled {@code t} has children labelled {@code t + D + k*I},
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
 *
 * <p>Every member of a broadcast walks the tree through these counts (hundreds of look-ups per
 * member on millions of members), so small labels (up to the tree's time, below
 * {@link #DENSE_LABELS}) are cached in plain arrays
 * rather than a map of boxed keys.
 */
final class LabelCounts {
    /** Saturation value: large enough that every count a run can need is exact below it. */
    static final long CAP = Long.MAX_VALUE / 4;

    /** Labels below this many are cached in arrays (8 bytes per label and function). */
    static final int DENSE_LABELS = 1 << 16;
    /** Opaque access: a value filled in by one thread is read whole (never torn) by another. */
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

    private final long d;
    private final long i;
    /** {@code f(x)} for small {@code x}, 0 where not yet computed (every {@code f(x) >= 1}). */
    private final long[] denseSizes;
    /** {@code h(x) + 1} for small {@code x}, 0 where not yet computed. */
    private final long[] denseSums;
    private final ConcurrentHashMap<Long, Long> sizes = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, Long> sums = new ConcurrentHashMap<>();

    /** Counts for child offset {@code d = D >= 1} and sibling interval {@code i = I >= 1}. */
    LabelCounts(long d, long i) {
        this(d, i, DENSE_LABELS - 1);
    }

    /** As {@link #LabelCounts(long, long)}, for look-ups mostly at labels up to {@code maxLabel}. */
    LabelCounts(long d, long i, long maxLabel) {
        if (d < 1 || i < 1) {
            throw new IllegalArgumentException("label counts need D >= 1 and I >= 1, got D=" + d + ", I=" + i);
        }
        this.d = d;
        this.i = i;
        int dense = (int) Math.clamp(maxLabel + 1, 0, DENSE_LABELS);
        denseSizes = new long[dense];
        denseSums = new long[dense];
    }

    /** {@code f(x)}, 0 for {@code x < 0}. */
    long size(long x) {
        if (x < 0) {
            return 0;
        }
        if (x < denseSizes.length) {
            long known = (long) SLOT.getOpaque(denseSizes, (int) x);
            if (known == 0) {
                known = computeSize(x);
                SLOT.setOpaque(denseSizes, (int) x, known);
            }
            return known;
        }
        return sizes.computeIfAbsent(x, this::computeSize);
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
        if (x < denseSums.length) {
            long known = (long) SLOT.getOpaque(denseSums, (int) x);
            if (known == 0) {
                known = computeLabelSum(x) + 1;
                SLOT.setOpaque(denseSums, (int) x, known);
            }
            return known - 1;
        }
        return sums.computeIfAbsent(x, this::computeLabelSum);
    }

    private long computeSize(long x) {
        long total = 1;
        for (long a = 1; a <= x / d && total < CAP; a++) {
            total = add(total, binomial(a + (x - a * d) / i, a));
        }
        return total;
    }

    private long computeLabelSum(long x) {
        long total = 0;
        for (long a = 1; a <= x / d && total < CAP; a++) {
            long b = (x - a * d) / i;
            long depthPart = mul(mul(a, d), binomial(a + b, a));
            long siblingPart = b == 0 ? 0 : mul(mul(i, a), binomial(a + b, b - 1));
            total = add(total, add(depthPart, siblingPart));
        }
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
