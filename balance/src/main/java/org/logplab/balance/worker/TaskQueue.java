package org.logplab.balance.worker;

import java.util.Arrays;
import org.logplab.balance.workload.Task;

/**
 * A node's queue of tasks, oldest first, in one ring that grows by doubling, with the bulk moves
 * a migration makes: a node looks at its tasks from either end by index to choose how many go,
 * then takes them out in one copy ({@link #removeFirst(int)}, {@link #removeLast(int)}) and a
 * receiver appends a whole batch in one copy ({@link #addAll}). A deque would move them one by
 * one, and need a second array to collect them in queue order. Not thread-safe: a node's own.
 */
final class TaskQueue {
    private Task[] ring = new Task[16];
    /** The ring's index of the oldest task. */
    private int head;
    private int size;

    /** The number of queued tasks. */
    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Queues {@code t} as the newest task. */
    void addLast(Task t) {
        if (size == ring.length) {
            grow(size + 1);
        }
        ring[(head + size) & (ring.length - 1)] = t;
        size++;
    }

    /** Queues {@code tasks} in their order after the newest task. */
    void addAll(Task[] tasks) {
        int n = tasks.length;
        if (size + n > ring.length) {
            grow(size + n);
        }
        int tail = (head + size) & (ring.length - 1);
        int first = Math.min(n, ring.length - tail);
        System.arraycopy(tasks, 0, ring, tail, first);
        System.arraycopy(tasks, first, ring, 0, n - first);
        size += n;
    }

    /** The {@code i}-th task, 0 the oldest ({@code i < size()}). */
    Task get(int i) {
        return ring[(head + i) & (ring.length - 1)];
    }

    /** Takes the oldest task out, or returns null if none is queued. */
    Task pollFirst() {
        if (size == 0) {
            return null;
        }
        Task t = ring[head];
        ring[head] = null;
        head = (head + 1) & (ring.length - 1);
        size--;
        return t;
    }

    /** Takes the {@code count} oldest tasks out ({@code count <= size()}), oldest first. */
    Task[] removeFirst(int count) {
        Task[] out = copyOut(0, count);
        head = (head + count) & (ring.length - 1);
        size -= count;
        return out;
    }

    /** Takes the {@code count} newest tasks out ({@code count <= size()}), in queue order (oldest of them first). */
    Task[] removeLast(int count) {
        Task[] out = copyOut(size - count, count);
        size -= count;
        return out;
    }

    /**
     * Copies {@code count} tasks from the {@code from}-th on into a new array and clears their
     * slots (the queue keeps no reference).
     */
    private Task[] copyOut(int from, int count) {
        if (count < 0 || from < 0 || from + count > size) {
            throw new IndexOutOfBoundsException("cannot take " + count + " tasks from " + from + " of " + size);
        }
        Task[] out = new Task[count];
        int start = (head + from) & (ring.length - 1);
        int first = Math.min(count, ring.length - start);
        System.arraycopy(ring, start, out, 0, first);
        System.arraycopy(ring, 0, out, first, count - first);
        Arrays.fill(ring, start, start + first, null);
        Arrays.fill(ring, 0, count - first, null);
        return out;
    }

    /** A ring of at least {@code needed} slots (a power of two), the tasks from index 0 on. */
    private void grow(int needed) {
        int capacity = Integer.highestOneBit(Math.max(needed, 2) - 1) << 1;
        if (capacity <= 0) {
            throw new IllegalStateException("a queue of " + needed + " tasks is too long");
        }
        Task[] bigger = new Task[capacity];
        int first = Math.min(size, ring.length - head);
        System.arraycopy(ring, head, bigger, 0, first);
        System.arraycopy(ring, 0, bigger, first, size - first);
        ring = bigger;
        head = 0;
    }
}
