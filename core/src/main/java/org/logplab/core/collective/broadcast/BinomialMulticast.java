package org.logplab.core.collective.broadcast;

import org.logplab.core.LogP;
import org.logplab.core.Processor;
import org.logplab.core.collective.Group;

/**
 * Multicast by uniform halving (the "binomial" multicast of Gu, Li and Liu (2002), §3;
 * docs/algorithms.md §2) to an arbitrary ordered group with the source at any index. The source
 * sends to the center of its sequence (rule in {@link UniformHalving}); the source and the center
 * then recurse on their own halves. Each member finds its parent and its children (in send order)
 * by walking the halving from the whole sequence to its own segment, {@code O(log K)} steps.
 *
 * <pre>{@code
 * Broadcast b = new BinomialMulticast();
 * Group g = Group.of(new int[] {5, 2, 7, 0}, 7);
 * Machine.run(params, ClockKind.MODEL, p -> b.broadcast(p, g, p.rank() == 7 ? 42L : null));
 * }</pre>
 *
 * <p><b>Time.</b> {@link #predict} is exact for the model clock (see {@link SplitTree#makespan}).
 * The seed's formula (1)-(2), {@code T(K) = T(ceil(K/2)) + L + 2o = ceil(log2 K)(L + 2o)}, holds
 * exactly when {@code max(g, o) <= L + 2o}, {@code G = 0} and the source is the first or last
 * member. It is only an upper bound for a source inside the sequence: when the source is exactly
 * in the middle of an odd segment (third case of the center rule) it keeps the larger half and
 * serves it after {@code max(g, o)} instead of {@code L + 2o}; e.g. {@code K = 3}, source 1 takes
 * {@code L + 2o + max(g, o)}. For {@code g > L + 2o} the source's later sends dominate.
 *
 * <p>Stateless and thread-safe: one instance may serve every processor of a run.
 */
public final class BinomialMulticast implements Broadcast {

    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public Object broadcast(Processor p, Group group, Object payload) {
        return broadcast(p, group, payload, TAG);
    }

    /**
     * As {@link #broadcast(Processor, Group, Object)} with messages tagged {@code tag}, so that
     * another collective can end with this broadcast on its own tag; same schedule and model time.
     *
     * @throws IllegalStateException if a member receives a message with another tag
     */
    public Object broadcast(Processor p, Group group, Object payload, int tag) {
        return TreeMulticast.run(p, group, payload, UniformHalving.RULE, tag);
    }

    @Override
    public long broadcastLong(Processor p, Group group, long value) {
        return TreeMulticast.runLong(p, group, value, UniformHalving.RULE, TAG);
    }

    @Override
    public long predict(LogP params, int size, int sourceIndex, int bytes) {
        return SplitTree.makespan(UniformHalving.RULE, params, size, sourceIndex, bytes);
    }

    /**
     * The seed's closed form (2), {@code ceil(log2 K) * (L + 2o)}: the model time when
     * {@code max(g, o) <= L + 2o}, {@code G = 0} and the source is at either end; an upper bound on
     * {@link #predict} for every source position under the same conditions.
     */
    public static long seedFormula(LogP params, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a group has at least 1 member, got " + size);
        }
        int levels = 32 - Integer.numberOfLeadingZeros(size - 1);
        return levels * params.messageTime();
    }

    @Override
    public String toString() {
        return "BinomialMulticast";
    }
}
