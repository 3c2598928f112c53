package org.logplab.balance.workload;

import java.util.SplittableRandom;

/** Integer task costs drawn uniformly from {@code [1, 2m - 1]} (mean {@code m}), optionally adjusted to an exact total.
 * */
final class UniformCosts {
    private UniformCosts() {
    }

    /** {@code count} costs of mean {@code total / count} summing exactly to {@code total} (at least 1 each). */
    static long[] summingTo(int count, long total, SplittableRandom random) {
        if (total < count) {
            throw new IllegalArgumentException("total work " + total + " cannot give " + count
                    + " tasks a cost of at least 1");
        }
        long mean = total / count;
        long[] costs = new long[count];
        long sum = 0;
        for (int i = 0; i < count; i++) {
            costs[i] = random.nextLong(1, 2 * mean);
            sum += costs[i];
        }
        // Spread the difference one unit at a time over the tasks, keeping every cost >= 1.
        long diff = total - sum;
        for (int i = 0; diff != 0; i = (i + 1) % count) {
            if (diff > 0) {
                long add = Math.min(diff, Math.max(1, diff / count));
                costs[i] += add;
                diff -= add;
            } else if (costs[i] > 1) {
                long take = Math.min(-diff, Math.min(costs[i] - 1, Math.max(1, -diff / count)));
                costs[i] -= take;
                diff += take;
            }
        }
        return costs;
    }
}
