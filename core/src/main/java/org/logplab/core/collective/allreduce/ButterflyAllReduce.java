package org.logplab.core.collective.allreduce;

import java.util.function.LongBinaryOperator;
import org.logplab.core.LogP;
import org.logplab.core.Processor;
import org.logplab.core.collective.Group;

/**
 * Butterfly (recursive-doubling) all-reduce for any group size (Xu, Zhang and Zhang (2009), §4(3);
 * docs/algorithms.md §6). With {@code p'} the largest power of two {@code <= K} and {@code r = K -
 * p'} surplus members, by group index:
 * <ol>
 *   <li><b>fold</b>: member {@code p' + i} ({@code i < r}) sends its value to member {@code i},
 *       which combines it;</li>
 *   <li><b>exchange</b>: for {@code k = 0 .. log2(p') - 1}, each of the first {@code p'} members
 *       sends its partial result to member {@code index XOR 2^k}, then receives the partner's and
 *       combines it;</li>
 *   <li><b>unfold</b>: member {@code i} sends the result to member {@code p' + i}.</li>
 * </ol>
 * Every received value is combined with {@code op} and charged {@code combineCost} of
 * {@code compute}; the result received in the unfold is not combined. The group's source index
 * plays no part. Values travel as 8-byte primitive messages ({@link Processor#sendLong}) tagged {@link #TAG}.
 *
 * <p><b>Time.</b> {@link #predict} is exact for the model clock. For {@code K = 2^m} it is the
 * closed form {@code (m-1) max(g, D) + D}, {@code D = o + 7G + L + o + combineCost} (every member
 * alike, a step every {@code max(g, D)}). Otherwise the fold puts the first {@code r} members
 * {@code D} behind, and the members' send and receive gaps then differ member by member, so the
 * predictor evaluates the model rules of docs/algorithms.md §1 over this schedule, member by member:
 * {@code O(K log K)} time, independent of the runtime (no threads, no channels).
 *
 * <p>Stateless and thread-safe: one instance may serve every processor of a run.
 */
public final class ButterflyAllReduce implements AllReduce {

    @Override
    public String name() {
        return "butterfly";
    }

    @Override
    public long allReduce(Processor p, Group group, long value, LongBinaryOperator op, long combineCost) {
        checkCost(combineCost);
        int me = group.indexOf(p.rank());
        if (me < 0) {
            return 0;
        }
        int size = group.size();
        int core = Integer.highestOneBit(size);
        if (me >= core) {
            int partner = group.rank(me - core);
            p.sendLong(partner, TAG, value);
            return p.recvLong(partner, TAG);
        }
        long acc = value;
        boolean hasSurplus = me + core < size;
        if (hasSurplus) {
            acc = op.applyAsLong(acc, p.recvLong(group.rank(me + core), TAG));
            p.compute(combineCost);
        }
        for (int bit = 1; bit < core; bit <<= 1) {
            int partner = group.rank(me ^ bit);
            p.sendLong(partner, TAG, acc);
            acc = op.applyAsLong(acc, p.recvLong(partner, TAG));
            p.compute(combineCost);
        }
        if (hasSurplus) {
            p.sendLong(group.rank(me + core), TAG, acc);
        }
        return acc;
    }

    @Override
    public long predict(LogP params, int size, long combineCost) {
        checkCost(combineCost);
        if (size < 1) {
            throw new IllegalArgumentException("a group has at least 1 member, got " + size);
        }
        return new ButterflyTiming(params, size, combineCost).makespan();
    }

    /**
     * The closed form for a power-of-two group of {@code 2^m} members, {@code m >= 1}:
     * {@code (m-1) max(g, D) + D} with {@code D = sendBusy(8) + L + o + combineCost}; 0 for one member.
     */
    public static long powerOfTwoTime(LogP params, int size, long combineCost) {
        if (size < 1 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("size must be a power of two, got " + size);
        }
        int steps = Integer.numberOfTrailingZeros(size);
        if (steps == 0) {
            return 0;
        }
        long step = params.sendBusy(8) + params.L() + params.o() + combineCost;
        return (steps - 1) * Math.max(params.g(), step) + step;
    }

    static void checkCost(long combineCost) {
        if (combineCost < 0) {
            throw new IllegalArgumentException("combineCost must not be negative, got " + combineCost);
        }
    }

    @Override
    public String toString() {
        return "ButterflyAllReduce";
    }
}
