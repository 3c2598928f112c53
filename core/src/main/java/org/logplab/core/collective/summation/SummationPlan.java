package org.logplab.core.collective.summation;

import java.util.PriorityQueue;
import org.logplab.core.LogP;
import org.logplab.core.collective.optimal.OptimalTree;
import org.logplab.core.collective.optimal.TreeCache;

/**
 * How {@link OptimalSummation} adds {@code operands} numbers on a group of {@code groupSize}
 * members: how many members take part, the finishing time, and the tree. Shou and Chen (1997), §3
 * (docs/algorithms.md §5), corrected.
 *
 * <p><b>Model.</b> One addition takes 1 model unit. A member with {@code T_i} units of its own
 * time before it must send to its parent can receive and fold in its children's partial sums, each
 * costing {@code o + 1}, and spends the rest adding its own operands. Reversed, this is broadcast
 * with {@code L + 1} (the seed's {@code S*(P; L, o, g) = T*(P; L+1, o, g)}): a child's partial sum
 * lands in its parent's sum {@code D = (o + 7G) + L + o + 1} after the child sends (8-byte values),
 * and consecutive children are {@code I = max(g, o + 1)} apart (the seed's {@code g}, which
 * assumes {@code g >= o + 1}). The tree is the {@link OptimalTree} for {@code D} and {@code I}.
 *
 * <p><b>Capacity</b> (Lemma 1, Theorem 5): with {@code p} members whose tree labels are
 * {@code l_j}, finishing at {@code T}, member {@code j} adds {@code A_j = (T - l_j) - K_j(o + 1) + 1}
 * operands ({@code K_j} its children in the tree), in all
 * {@code cap(p, T) = pT - sum(l_j) - o(p - 1) + 1}.
 *
 * <p><b>Choice</b> (the corrected Theorem 6): the plan takes the least {@code T}, over every
 * {@code p <= groupSize}, with {@code T >= T*(p)} and {@code cap(p, T) >= operands}; ties go to
 * the smaller {@code p}. The seed fixes {@code p = P} and {@code T = T_B + (N - N_S)/P}, which
 * drops {@code (N - N_S) mod P} operands when it floors, is undefined for {@code N < N_S}, and
 * misses that a leaf labelled {@code T} costs more than it adds (its parent's {@code o + 1} against
 * its one operand): see {@link #seedTime}. The chosen {@code p} always has {@code T > T*(p)}
 * (else {@code p - 1} members would tie), so the surplus {@code cap - operands} is below {@code p}
 * and is taken as one operand from each of the members at indices {@code 1..surplus}; the root
 * keeps its full share, is busy from 0 to {@code T} and ends exactly at {@code T}.
 *
 * @param params the machine ({@code P} unused: the group's size counts)
 * @param groupSize members available
 * @param operands numbers to add, {@code >= 1}
 * @param processors members that take part, the first in preorder from the root
 * @param time the model time at which the root holds the total: the exact prediction
 * @param treeTime {@code T*(processors)}, the tree's largest label
 * @param capacity {@code cap(processors, time)}
 * @param surplus {@code capacity - operands}, {@code < processors}
 */
public record SummationPlan(LogP params, int groupSize, long operands, int processors, long time,
        long treeTime, long capacity, long surplus) {

    /** The tag of summation messages. */
    public static final int TAG = 0x5A5;

    /** Trees shared by the members of a run (and by runs with the same costs). */
    private static final TreeCache TREES = new TreeCache();

    /**
     * The fastest plan for adding {@code operands} numbers on {@code groupSize} members. Costs
     * {@code O(p log p)} for the {@code p} members it considers (each no more than the time of the
     * best plan found so far).
     *
     * @throws IllegalArgumentException if {@code groupSize < 1} or {@code operands < 1}
     */
    public static SummationPlan of(LogP params, int groupSize, long operands) {
        if (groupSize < 1) {
            throw new IllegalArgumentException("a group has at least 1 member, got " + groupSize);
        }
        if (operands < 1) {
            throw new IllegalArgumentException("a summation needs at least 1 operand, got " + operands);
        }
        long d = childOffset(params);
        long i = interval(params);
        // Labels of the general tree in increasing order: a popped node yields its first child
        // and, unless it is the root, its next sibling. Low bit: 1 = not the root.
        PriorityQueue<Long> next = new PriorityQueue<>();
        next.add(0L);
        long labelSum = 0;
        long bestTime = Long.MAX_VALUE;
        int bestP = 0;
        for (int p = 1; p <= groupSize; p++) {
            long entry = next.poll();
            long label = entry >>> 1;
            if (label > bestTime) {
                break;
            }
            next.add(Math.addExact(label, d) << 1 | 1);
            if ((entry & 1) == 1) {
                next.add(Math.addExact(label, i) << 1 | 1);
            }
            labelSum += label;
            long needed;
            try {
                needed = Math.addExact(Math.addExact(operands - 1, Math.multiplyExact(params.o(), p - 1L)), labelSum);
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException(operands + " operands are too many to plan for", e);
            }
            long t = Math.max(label, Math.ceilDiv(needed, p));
            if (t < bestTime) {
                bestTime = t;
                bestP = p;
            }
        }
        OptimalTree tree = TREES.get(d, i, bestP);
        long capacity = capacity(params, tree, bestTime);
        SummationPlan plan = new SummationPlan(params, groupSize, operands, bestP, bestTime, tree.time(),
                capacity, capacity - operands);
        if (plan.surplus < 0 || plan.surplus >= Math.max(bestP, 1) || (bestP > 1 && bestTime <= tree.time())) {
            throw new IllegalStateException("summation plan broke its invariant: " + plan);
        }
        return plan;
    }

    /** {@code D = (o + 7G) + L + o + 1}: a child's send start to the end of its parent's add. */
    static long childOffset(LogP params) {
        return params.sendBusy(Long.BYTES) + params.L() + params.o() + 1;
    }

    /** {@code I = max(g, o + 1)}: consecutive receive-and-add steps of one member. */
    static long interval(LogP params) {
        return Math.max(params.g(), params.o() + 1);
    }

    /** {@code cap(p, T) = pT - sum(labels) - o(p - 1) + 1} for the tree's {@code p} nodes. */
    static long capacity(LogP params, OptimalTree tree, long time) {
        int p = tree.size();
        OptimalTree.Located last = tree.locate(p - 1);
        long labels = last.prefix().labelSum() + last.role().label();
        return p * time - labels - params.o() * (p - 1L) + 1;
    }

    /** The tree of the members taking part. */
    OptimalTree tree() {
        return TREES.get(childOffset(params), interval(params), processors);
    }

    /**
     * The seed's Theorem 6 with the remainder distributed: {@code T_B + ceil((N - N_S)/P)} on all
     * {@code groupSize} members, where {@code T_B = T*(groupSize)} and {@code N_S} is Theorem 5's
     * capacity at {@code T_B}; {@code -1} when {@code operands < N_S}, where the seed has no
     * answer. Never below {@link #time}.
     */
    public long seedTime() {
        OptimalTree full = TREES.get(childOffset(params), interval(params), groupSize);
        long capacity = capacity(params, full, full.time());
        return operands < capacity ? -1 : full.time() + Math.ceilDiv(operands - capacity, groupSize);
    }

    /** Theorem 5's {@code N_S}: operands all {@code groupSize} members add by {@code T*(groupSize)}. */
    public long seedCapacity() {
        OptimalTree full = TREES.get(childOffset(params), interval(params), groupSize);
        return capacity(params, full, full.time());
    }
}
