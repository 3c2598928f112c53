package org.logplab.core.collective.allreduce;

import java.util.function.LongBinaryOperator;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Processor;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.broadcast.BinomialMulticast;
import org.logplab.core.collective.broadcast.SplitTree;
import org.logplab.core.collective.broadcast.TreeRole;
import org.logplab.core.collective.broadcast.UniformHalving;

/**
 * All-reduce as a tree reduce to the group's source followed by a broadcast back, on the
 * uniform-halving tree of Gu, Li and Liu (2002), §3 (docs/algorithms.md §2) both ways: {@code 2
 * log2 K} message steps against the butterfly's {@code log2 K} (Xu, Zhang and Zhang (2009), §4(3)),
 * for comparison with {@link ButterflyAllReduce}.
 * <ol>
 *   <li><b>reduce</b>: each member receives its tree children's partial results in reverse send
 *       order (the last child of the broadcast roots the smallest subtree, so it is ready first),
 *       combining each with {@code op} and charging {@code combineCost}, then sends its partial
 *       result to its parent;</li>
 *   <li><b>broadcast</b>: the source sends the total down the same tree with
 *       {@link BinomialMulticast}.</li>
 * </ol>
 * Values travel as 8-byte {@code Long}s, all tagged {@link #TAG}.
 *
 * <p><b>Time.</b> The model time depends on the root's position, so {@link #predict(LogP, int,
 * int, long)} takes it; the interface's {@link #predict(LogP, int, long)} assumes root index 0.
 * Both are exact (see {@link TreeReduceTiming}).
 *
 * <p>Stateless and thread-safe: one instance may serve every processor of a run.
 */
public final class TreeReduceBroadcast implements AllReduce {
    private final BinomialMulticast broadcast = new BinomialMulticast();

    @Override
    public String name() {
        return "tree-reduce";
    }

    @Override
    public long allReduce(Processor p, Group group, long value, LongBinaryOperator op, long combineCost) {
        ButterflyAllReduce.checkCost(combineCost);
        int me = group.indexOf(p.rank());
        if (me < 0) {
            return 0;
        }
        TreeRole role = SplitTree.role(UniformHalving.RULE, group.size(), group.sourceIndex(), me);
        int[] children = role.children();
        long acc = value;
        for (int j = children.length - 1; j >= 0; j--) {
            Message m = p.recv(group.rank(children[j]));
            if (m.tag() != TAG) {
                throw new IllegalStateException("expected an all-reduce message tagged " + TAG + ", got " + m);
            }
            acc = op.applyAsLong(acc, m.asLong());
            p.compute(combineCost);
        }
        if (!role.isSource()) {
            p.send(group.rank(role.parent()), TAG, acc);
        }
        Object total = broadcast.broadcast(p, group, role.isSource() ? (Object) acc : null, TAG);
        return (Long) total;
    }

    /** Model time with the root at index 0; see {@link #predict(LogP, int, int, long)}. */
    @Override
    public long predict(LogP params, int size, long combineCost) {
        return predict(params, size, 0, combineCost);
    }

    /** Model time for {@code size} members with the root at {@code rootIndex}, all idle at 0. */
    public long predict(LogP params, int size, int rootIndex, long combineCost) {
        ButterflyAllReduce.checkCost(combineCost);
        if (size < 1) {
            throw new IllegalArgumentException("a group has at least 1 member, got " + size);
        }
        if (rootIndex < 0 || rootIndex >= size) {
            throw new IllegalArgumentException("root index " + rootIndex + " is outside 0.." + (size - 1));
        }
        return new TreeReduceTiming(params, combineCost).makespan(size, rootIndex);
    }

    @Override
    public String toString() {
        return "TreeReduceBroadcast";
    }
}
