package org.logplab.core.collective.broadcast;

/**
 * The uniform-halving cut of Gu, Li and Liu (2002), §3 (docs/algorithms.md §2), as given there for
 * the sequence {@code D[left..right]} with source {@code s}:
 * <pre>
 * center = left + ceil((right-left)/2)    if s &lt; (left+right)/2
 *        = left + floor((right-left)/2)   if s &gt; (left+right)/2
 *        = s - 1                          if s = (left+right)/2
 * </pre>
 * The sequence is cut next to {@code center}: {@code center} covers the half on its side, away
 * from the source, and the source keeps the other half. The larger half always has
 * {@code ceil(K/2)} members; in the third case (odd {@code K}, source exactly in the middle) the
 * source keeps it, otherwise the center gets it. Stateless and thread-safe.
 */
public final class UniformHalving implements SplitRule {

    /** The only instance; the rule is stateless. */
    public static final UniformHalving RULE = new UniformHalving();

    private UniformHalving() {
    }

    @Override
    public Split split(int lo, int hi, int source) {
        // Compare s with (lo+hi)/2 as 2s with lo+hi, so the middle is exact for odd and even K.
        long twiceSource = 2L * source;
        long sum = (long) lo + hi;
        if (twiceSource < sum) {
            int center = lo + (hi - lo + 1) / 2;
            return new Split(center, hi, center, lo, center - 1);
        }
        if (twiceSource > sum) {
            int center = lo + (hi - lo) / 2;
            return new Split(lo, center, center, center + 1, hi);
        }
        int center = source - 1;
        return new Split(lo, center, center, source, hi);
    }

    @Override
    public String toString() {
        return "UniformHalving";
    }
}
