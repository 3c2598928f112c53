package org.logplab.goal.sim;

import java.util.Arrays;
import org.logplab.goal.GoalSchedule;

/**
 * One of LogGOPSim's matching queues for every rank: the posted receives that no message has
 * matched yet, or the messages that arrived before a receive matched them (the unexpected
 * messages). Each rank's queue is a list in the order entries were added; a match takes the first
 * entry whose source and tag agree with the one sought, where {@link GoalSchedule#ANY} on either
 * side agrees with anything (LogGOPSim's {@code LIST_MATCH}). The entries of all ranks share one
 * pool of primitive arrays. Not thread-safe.
 */
final class MatchQueue {
    private final int[] head;
    private final int[] tail;
    private int[] next = new int[256];
    private int[] src = new int[256];
    private int[] tag = new int[256];
    private int[] op = new int[256];
    private long[] time = new long[256];
    private int used;
    private int free = -1;
    private int entries;
    private long matchedTime;

    MatchQueue(int ranks) {
        head = new int[ranks];
        tail = new int[ranks];
        Arrays.fill(head, -1);
        Arrays.fill(tail, -1);
    }

    /** Appends an entry to {@code rank}'s queue: operation {@code operation}, from {@code source} with {@code t}. */
    void add(int rank, int source, int t, int operation, long when) {
        int e;
        if (free >= 0) {
            e = free;
            free = next[e];
        } else {
            if (used == next.length) {
                int n = used * 2;
                next = Arrays.copyOf(next, n);
                src = Arrays.copyOf(src, n);
                tag = Arrays.copyOf(tag, n);
                op = Arrays.copyOf(op, n);
                time = Arrays.copyOf(time, n);
            }
            e = used++;
        }
        next[e] = -1;
        src[e] = source;
        tag[e] = t;
        op[e] = operation;
        time[e] = when;
        if (tail[rank] < 0) {
            head[rank] = e;
        } else {
            next[tail[rank]] = e;
        }
        tail[rank] = e;
        entries++;
    }

    /**
     * Removes the first entry of {@code rank}'s queue that matches {@code source} and {@code t} and
     * returns its operation ({@link #matchedTime} its time), or -1 if none matches.
     */
    int match(int rank, int source, int t) {
        int prev = -1;
        for (int e = head[rank]; e >= 0; prev = e, e = next[e]) {
            if ((source == GoalSchedule.ANY || src[e] == GoalSchedule.ANY || src[e] == source)
                    && (t == GoalSchedule.ANY || tag[e] == GoalSchedule.ANY || tag[e] == t)) {
                if (prev < 0) {
                    head[rank] = next[e];
                } else {
                    next[prev] = next[e];
                }
                if (tail[rank] == e) {
                    tail[rank] = prev;
                }
                next[e] = free;
                free = e;
                entries--;
                matchedTime = time[e];
                return op[e];
            }
        }
        return -1;
    }

    /** The time of the entry {@link #match} took last. */
    long matchedTime() {
        return matchedTime;
    }

    /** Whether every rank's queue is empty. */
    boolean isEmpty() {
        return entries == 0;
    }

    /** Calls {@code visit} with each entry left, rank by rank, each rank's in order. */
    void forEach(Visitor visit) {
        for (int r = 0; r < head.length; r++) {
            for (int e = head[r]; e >= 0; e = next[e]) {
                visit.entry(r, op[e], time[e]);
            }
        }
    }

    /** What {@link #forEach} calls. */
    interface Visitor {
        void entry(int rank, int operation, long time);
    }
}
