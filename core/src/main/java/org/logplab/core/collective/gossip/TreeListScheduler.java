package org.logplab.core.collective.gossip;

/**
 * List scheduling of fixed spanning trees on the H* mesh: the engine of {@link ImprovedGossip}.
 *
 * <p>Every link direction keeps a queue of the tree crossings whose sender already holds the
 * message. In each timestep every link serves one crossing: of the two queue heads the one whose
 * message has the taller subtree still ahead of it at the receiver (the longest remaining chain of
 * forwards: critical path first), ties to the direction with more crossings left, then the smaller
 * message id. A link left idle that way instead hands the receiver any message it lacks, the one
 * whose tree link into the receiver has the most crossings left (so it relieves the busiest links);
 * that tree crossing is then dropped. The receiver forwards along its tree links from the next
 * timestep. Everything is decided in a fixed order, so the schedule is deterministic.
 *
 * <p>Not thread-safe; one instance produces one schedule. Memory: one bit per (node, message) plus
 * the queued crossings, {@code O(n^4)} bits.
 */
final class TreeListScheduler {
    private final TwoLineTrees trees;
    private final int n;
    private final int nodes;
    private final int words;
    private final long[] held;
    private final IntMaxHeap[] queue;
    private final int[] top;
    private final int[] pending;
    private final int[] stale;
    private final int[] incomingStamp;
    private final int[] incoming;
    private final boolean[] busy;
    private final int[] lowEnd;
    private final int[] highEnd;
    private final int[] rightLink;
    private final int[] column;
    private final int[] downLink;
    private int stamp;
    private long missing;

    TreeListScheduler(TwoLineTrees trees) {
        this.trees = trees;
        this.n = trees.n();
        this.nodes = n * n;
        this.words = (nodes + 63) >>> 6;
        this.held = new long[nodes * words];
        int links = 2 * n * (n - 1);
        this.queue = new IntMaxHeap[2 * links];
        this.top = new int[2 * links];
        java.util.Arrays.fill(top, IntMaxHeap.EMPTY);
        this.pending = new int[2 * links];
        this.stale = new int[2 * links];
        this.busy = new boolean[links];
        this.lowEnd = new int[links];
        this.highEnd = new int[links];
        // Links by table: link(v, v+1) is rightLink[v], link(v, v+n) is downLink[v]; no division per lookup.
        this.rightLink = new int[nodes];
        this.column = new int[nodes];
        this.downLink = new int[nodes];
        int link = 0;
        for (int v = 0; v < nodes; v++) {
            column[v] = v % n;
            if (v % n < n - 1) {
                rightLink[v] = link;
                lowEnd[link] = v;
                highEnd[link++] = v + 1;
            }
        }
        for (int v = 0; v + n < nodes; v++) {
            downLink[v] = link;
            lowEnd[link] = v;
            highEnd[link++] = v + n;
        }
        this.incomingStamp = new int[nodes];
        this.incoming = new int[4 * nodes];
        for (int i = 0; i < queue.length; i++) {
            queue[i] = new IntMaxHeap();
        }
        for (int m = 0; m < nodes; m++) {
            for (int v = 0; v < nodes; v++) {
                int p = trees.parent(m, v);
                if (p >= 0) {
                    pending[direction(p, v)]++;
                }
            }
        }
        missing = (long) nodes * (nodes - 1);
        for (int v = 0; v < nodes; v++) {
            set(v, v);
        }
        for (int v = 0; v < nodes; v++) {
            offerChildren(v, v);
        }
    }

    /** Whether every node holds every message. */
    boolean done() {
        return missing == 0;
    }

    /** Fills {@code step} with the next timestep's transfers and applies them to this scheduler's state. */
    void next(Timestep step) {
        stamp++;
        int links = busy.length;
        int start = step.size();
        for (int link = 0; link < links; link++) {
            busy[link] = serveTree(link, step);
        }
        for (int link = 0; link < links; link++) {
            if (!busy[link]) {
                fill(link, step);
            }
        }
        for (int i = start; i < step.size(); i++) {
            set(step.to(i), step.message(i));
            missing--;
        }
        for (int i = start; i < step.size(); i++) {
            offerChildren(step.message(i), step.to(i));
        }
        if (step.size() == start && !done()) {
            throw new IllegalStateException("tree schedule stalled with " + missing + " deliveries missing");
        }
    }

    private boolean serveTree(int link, Timestep step) {
        int best = -1;
        long bestKey = -1;
        for (int d = 2 * link; d < 2 * link + 2; d++) {
            while (stale[d] > 0 && top[d] != IntMaxHeap.EMPTY && has(receiver(d), message(top[d]))) {
                top[d] = queue[d].pollAndPeek(); // delivered meanwhile by a fill, which dropped its pending count
                stale[d]--;
            }
            if (top[d] == IntMaxHeap.EMPTY) {
                continue;
            }
            // height, then crossings left in this direction, then the smaller message id
            long key = ((long) (top[d] >>> 16) << 32) | pending[d];
            if (key > bestKey || key == bestKey && message(top[d]) < message(top[best])) {
                best = d;
                bestKey = key;
            }
        }
        if (best < 0) {
            return false;
        }
        int m = message(top[best]);
        top[best] = queue[best].pollAndPeek();
        pending[best]--;
        int to = receiver(best);
        step.add(sender(best), to, m);
        markIncoming(to, m);
        return true;
    }

    private void fill(int link, Timestep step) {
        int bestDir = -1;
        int bestMessage = -1;
        long bestKey = Long.MIN_VALUE;
        for (int dir = 0; dir < 2; dir++) {
            int d = 2 * link + dir;
            int from = sender(d);
            int to = receiver(d);
            // Idle links are rare (about two per link over a whole run), so a plain scan is cheap enough.
            for (int m = 0; m < nodes; m++) {
                if (!has(from, m) || has(to, m) || isIncoming(to, m)) {
                    continue;
                }
                long key = ((long) pending[direction(trees.parent(m, to), to)] << 40)
                        | ((long) trees.height(m, to) << 20) | (0xFFFFF - m);
                if (key > bestKey) {
                    bestKey = key;
                    bestDir = d;
                    bestMessage = m;
                }
            }
        }
        if (bestDir < 0) {
            return;
        }
        int to = receiver(bestDir);
        int parent = trees.parent(bestMessage, to);
        int treeLink = direction(parent, to);
        pending[treeLink]--;
        if (has(parent, bestMessage)) {
            stale[treeLink]++; // the tree crossing is already queued; serveTree discards it when it surfaces
        }
        step.add(sender(bestDir), to, bestMessage);
        markIncoming(to, bestMessage);
    }

    /** Queues {@code m} on every tree link out of {@code v} whose far end still lacks it. */
    private void offerChildren(int m, int v) {
        int y = column[v];
        if (y > 0) {
            offer(m, v, v - 1);
        }
        if (y < n - 1) {
            offer(m, v, v + 1);
        }
        if (v >= n) {
            offer(m, v, v - n);
        }
        if (v + n < nodes) {
            offer(m, v, v + n);
        }
    }

    private void offer(int m, int v, int w) {
        if (!has(w, m) && trees.parent(m, w) == v) {
            int d = direction(v, w);
            int key = trees.height(m, w) << 16 | (0xFFFF - m);
            queue[d].add(key);
            top[d] = Math.max(top[d], key);
        }
    }

    private static int message(int key) {
        return 0xFFFF - (key & 0xFFFF);
    }

    /** Link direction {@code 2 * link + dir} from {@code from} to its neighbour {@code to}: dir 0 from the smaller node
     * id to the larger. */
    private int direction(int from, int to) {
        int diff = to - from;
        return diff == 1 ? 2 * rightLink[from] : diff == -1 ? 2 * rightLink[to] + 1
                : diff > 0 ? 2 * downLink[from] : 2 * downLink[to] + 1;
    }

    private int sender(int d) {
        return (d & 1) == 0 ? lowEnd[d >>> 1] : highEnd[d >>> 1];
    }

    private int receiver(int d) {
        return (d & 1) == 0 ? highEnd[d >>> 1] : lowEnd[d >>> 1];
    }

    private void markIncoming(int to, int m) {
        if (incomingStamp[to] != stamp) {
            incomingStamp[to] = stamp;
            incoming[4 * to] = -1;
            incoming[4 * to + 1] = -1;
            incoming[4 * to + 2] = -1;
            incoming[4 * to + 3] = -1;
        }
        for (int k = 0; k < 4; k++) {
            if (incoming[4 * to + k] < 0) {
                incoming[4 * to + k] = m;
                return;
            }
        }
        throw new IllegalStateException("node " + to + " receives on more than its 4 links");
    }

    private boolean isIncoming(int to, int m) {
        if (incomingStamp[to] != stamp) {
            return false;
        }
        for (int k = 0; k < 4; k++) {
            if (incoming[4 * to + k] == m) {
                return true;
            }
        }
        return false;
    }

    // Message-major: a node and its neighbours share the cache lines of one message's bits.
    private boolean has(int v, int m) {
        return (held[m * words + (v >>> 6)] & (1L << v)) != 0;
    }

    private void set(int v, int m) {
        held[m * words + (v >>> 6)] |= 1L << v;
    }
}
