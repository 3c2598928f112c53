package org.logplab.core.collective.summation;

import java.util.OptionalLong;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Processor;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.optimal.OptimalRole;
import org.logplab.core.collective.optimal.OptimalTree;

/**
 * Optimal summation on LogP (Shou and Chen (1997), §3, Algorithm 2; docs/algorithms.md §5):
 * {@code N} operands are spread over the members of a group so that every member adds its share
 * while its children's partial sums arrive, and the root holds the total at the time its
 * {@link SummationPlan} states.
 *
 * <pre>{@code
 * SummationPlan plan = SummationPlan.of(LogP.of(5, 2, 4, 7), 7, 82);     // time 29
 * long[] a = ...;                                                          // 82 numbers
 * Machine.run(params, ClockKind.MODEL,
 *     p -> new OptimalSummation().sum(p, Group.all(7, 0), plan, j -> a[(int) j], Long::sum));
 * }</pre>
 *
 * <p><b>Operands.</b> Operand {@code j} ({@code 0 <= j < N}) is read through {@code operand(j)}.
 * Each taking member reads a contiguous range, members in preorder from the root, its size
 * {@code A_i} of Lemma 1 less the plan's surplus; every operand is read by exactly one member.
 * Member ranges and roles are computed locally, {@code O(depth * fan-out)}.
 *
 * <p><b>Operator.</b> {@code op} must be associative and commutative (sum, max, min, xor, ...):
 * a member folds its children's sums in as they arrive, between its own operands. Each
 * application is charged 1 model unit of {@code compute}; under the wall clock that is 1 ns.
 *
 * <p><b>Time.</b> With every member idle at 0, the root's last addition ends at exactly
 * {@code plan.time()} (the run's makespan). Members beyond {@code plan.processors()} take no part.
 * Messages are 8-byte values tagged {@link SummationPlan#TAG}. Stateless and thread-safe.
 */
public final class OptimalSummation {

    /**
     * Runs this processor's part. Returns the total on the group's root and nothing on every other
     * processor.
     *
     * @throws IllegalArgumentException if the plan was made for other costs or another group size
     */
    public OptionalLong sum(Processor p, Group group, SummationPlan plan, LongUnaryOperator operand,
            LongBinaryOperator op) {
        LogP mine = p.params();
        LogP planned = plan.params();
        if (mine.L() != planned.L() || mine.o() != planned.o() || mine.g() != planned.g() || mine.G() != planned.G()) {
            throw new IllegalArgumentException("summation plan made for " + planned + " run on " + mine);
        }
        if (plan.groupSize() != group.size()) {
            throw new IllegalArgumentException("summation plan made for " + plan.groupSize()
                    + " members used on a group of " + group.size());
        }
        int me = group.indexOf(p.rank());
        if (me < 0) {
            return OptionalLong.empty();
        }
        int size = group.size();
        int source = group.sourceIndex();
        int node = Math.floorMod(me - source, size);
        if (node >= plan.processors()) {
            return OptionalLong.empty();
        }
        OptimalTree tree = plan.tree();
        OptimalTree.Located located = tree.locate(node);
        OptimalRole role = located.role();
        OptimalTree.Prefix before = located.prefix();
        long own = plan.time() - role.label();
        int[] children = role.children();
        long cost = planned.o() + 1;
        long removedBefore = Math.clamp(node - 1L, 0, plan.surplus());
        long share = own - children.length * cost + 1 - (node >= 1 && node <= plan.surplus() ? 1 : 0);
        long first = (long) node * (plan.time() + 1) - before.labelSum() - cost * before.childCount() - removedBefore;
        long end = first + share;

        Fold fold = new Fold(p, op, operand, first, share > 0);
        long interval = SummationPlan.interval(planned);
        for (int k = children.length - 1; k >= 0; k--) {
            // Add own operands until child k's partial sum is due: the first window runs to the
            // last child's arrival, each later one fills the gap between two receive-and-add steps.
            long window = k == children.length - 1 ? own - k * interval - cost : interval - cost;
            fold.ownUntil(Math.min(end, fold.next + window));
            Message m = p.recv(group.rank((children[k] + source) % size));
            if (m.tag() != SummationPlan.TAG) {
                throw new IllegalStateException("expected a summation message tagged " + SummationPlan.TAG
                        + ", got " + m);
            }
            fold.in(m.asLong());
        }
        fold.ownUntil(end);
        long acc = fold.acc;
        if (role.isRoot()) {
            return OptionalLong.of(acc);
        }
        p.send(group.rank((role.parent() + source) % size), SummationPlan.TAG, acc);
        return OptionalLong.empty();
    }

    /** One member's running sum: its own operands from {@code next} on, and its children's sums. */
    private static final class Fold {
        private final Processor p;
        private final LongBinaryOperator op;
        private final LongUnaryOperator operand;
        private long next;
        private long acc;
        private boolean started;

        Fold(Processor p, LongBinaryOperator op, LongUnaryOperator operand, long first, boolean hasOwn) {
            this.p = p;
            this.op = op;
            this.operand = operand;
            this.next = first;
            if (hasOwn) {
                // The first operand starts the sum: no addition, no time.
                acc = operand.applyAsLong(next++);
                started = true;
            }
        }

        void ownUntil(long stop) {
            long added = Math.max(stop - next, 0);
            for (; next < stop; next++) {
                acc = op.applyAsLong(acc, operand.applyAsLong(next));
            }
            if (added > 0) {
                p.compute(added);
            }
        }

        void in(long value) {
            if (started) {
                acc = op.applyAsLong(acc, value);
                p.compute(1);
            } else {
                acc = value;
                started = true;
            }
        }
    }
}
