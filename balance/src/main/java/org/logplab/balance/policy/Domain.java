package org.logplab.balance.policy;

/**
 * The domain arithmetic of Xu, Zhang and Zhang (2009) (docs/algorithms.md §12), with capacities:
 * the paper's domain average {@code Wavg'} becomes the drain time {@code tau = (W_p + sum W_j) /
 * (c_p + sum c_j)} over this node and the domain members it has heard from, and a node's fair share
 * of work is {@code tau * c}. With equal capacities {@code tau * c} is the seed's {@code Wavg'}.
 */
final class Domain {
    private Domain() {
    }

    /** {@code tau}, time units of work per unit of capacity, over this node and the members heard from. */
    static double drainTime(WorkerView node) {
        double work = node.queuedWork();
        double capacity = node.capacity();
        for (int j : node.domain()) {
            long w = node.knownWork(j);
            if (w >= 0) {
                work += w;
                capacity += node.capacityOf(j);
            }
        }
        return work / capacity;
    }

    /** This node's work above its fair share ({@code W_p - tau c_p}); negative below it. */
    static double excess(WorkerView node, double tau) {
        return node.queuedWork() - tau * node.capacity();
    }

    /**
     * Receiver side (light-node request): asks each heavy member {@code j} (known work above its
     * share, {@code H(j) = W_j - tau c_j > 0}) for {@code M_j = (tau c_p - W_p) H(j) / sum H},
     * the {@code limit} heaviest first. Returns the number of requests sent (0 if none is heavy).
     */
    static int requestFromHeavy(WorkerView node, double tau, int limit) {
        double deficit = tau * node.capacity() - node.queuedWork();
        int[] members = node.domain();
        double[] h = new double[members.length];
        double sum = 0;
        for (int k = 0; k < members.length; k++) {
            int j = members[k];
            long w = node.knownWork(j);
            if (w >= 0) {
                h[k] = Math.max(0, w - tau * node.capacityOf(j));
                sum += h[k];
            }
        }
        if (sum <= 0 || deficit <= 0) {
            return 0;
        }
        Integer[] order = new Integer[members.length];
        for (int k = 0; k < order.length; k++) {
            order[k] = k;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(h[b], h[a]));
        int sent = 0;
        for (int k : order) {
            if (h[k] <= 0 || (limit > 0 && sent == limit)) {
                break;
            }
            node.request(members[k], Math.max(1, Math.round(deficit * h[k] / sum)));
            sent++;
        }
        return sent;
    }

    /**
     * Sender side (heavy-node request): pushes this node's excess to the members below their share,
     * in proportion to their deficits {@code tau c_j - W_j} (the seed copies the receiver formula
     * here; weighting by deficit is what sends work where there is room), never more than a
     * member's deficit. Returns the work moved.
     */
    static long pushToLight(WorkerView node, double tau, boolean newest) {
        double excess = excess(node, tau);
        int[] members = node.domain();
        double[] d = new double[members.length];
        double sum = 0;
        for (int k = 0; k < members.length; k++) {
            int j = members[k];
            long w = node.knownWork(j);
            if (w >= 0) {
                d[k] = Math.max(0, tau * node.capacityOf(j) - w);
                sum += d[k];
            }
        }
        if (sum <= 0 || excess <= 0) {
            return 0;
        }
        long moved = 0;
        for (int k = 0; k < members.length && node.queuedTasks() > 1; k++) {
            if (d[k] <= 0) {
                continue;
            }
            long share = Math.round(Math.min(d[k], excess * d[k] / sum));
            long m = node.migrate(members[k], share, newest);
            if (m > 0) {
                node.assumeWork(members[k], node.knownWork(members[k]) + m);
                moved += m;
            }
        }
        return moved;
    }

    /**
     * Answers a request for {@code amount} from {@code from}: gives up to the amount but not more
     * than this node's excess over its share or, if larger, what would leave the two of them with
     * equal drain times; else denies.
     */
    static void answer(WorkerView node, int from, long amount, boolean newest) {
        // What would equalise the two nodes' drain times: the asker's load is fresh (it came with
        // the request), the rest of the domain's may be stale.
        long mine = node.queuedWork();
        long theirs = Math.max(0, node.knownWork(from));
        double pairwise = mine - (double) (mine + theirs) * node.capacity() / (node.capacity() + node.capacityOf(from));
        double give = Math.min(amount, Math.max(pairwise, excess(node, drainTime(node))));
        long moved = give >= 1 && node.queuedTasks() > 1 ? node.migrate(from, Math.round(give), newest) : 0;
        if (moved > 0) {
            node.assumeWork(from, Math.max(0, node.knownWork(from)) + moved);
        } else {
            node.deny(from);
        }
    }

    /**
     * What a victim gives a thief: the share of its queued work that would leave the two with
     * equal drain times were the thief empty, {@code W c_thief / (c_thief + c_victim)} work units.
     * With equal capacities that is half the queue, as work-stealing deques give; a thief 4.5 times
     * as fast as its victim takes 82 %, so that the slow victim is not left with more than it can
     * run before the thief is back.
     */
    static long stealShare(WorkerView node, int thief) {
        long thiefCapacity = node.capacityOf(thief);
        return node.queuedWork() * thiefCapacity / (thiefCapacity + node.capacity());
    }

    /**
     * How long this node's queued work lasts at its capacity, clock units: the time a steal sent
     * now has before the node runs dry.
     */
    static double queuedTime(WorkerView node) {
        return (double) node.queuedWork() / node.capacity() * node.timeUnit();
    }

    /** A round trip of a request and its answer, {@code 2 (L + 2o)} clock units, at least one time unit. */
    static long roundTrip(WorkerView node) {
        long[] lop = node.logP();
        return Math.max(node.timeUnit(), 2 * (lop[0] + 2 * lop[1]));
    }

    /**
     * The pause after the {@code failures}-th fruitless request round or steal in a row: one round
     * trip (at least one time unit), doubled with each failure up to 64 round trips, so that an
     * idle system does not flood itself with futile requests.
     */
    static long backoff(WorkerView node, int failures) {
        return roundTrip(node) << Math.min(Math.max(failures - 1, 0), 6);
    }
}
