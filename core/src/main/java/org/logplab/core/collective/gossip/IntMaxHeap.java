package org.logplab.core.collective.gossip;

import java.util.Arrays;

/** A binary max-heap of primitive ints, the per-link queues of {@link TreeListScheduler}. Not thread-safe. */
final class IntMaxHeap {
    /** What {@link #peek()} returns for an empty heap: below every key the scheduler uses. */
    static final int EMPTY = -1;

    private int[] items = new int[4];
    private int size;

    /** The largest key, or {@link #EMPTY}. */
    int peek() {
        return size == 0 ? EMPTY : items[0];
    }

    void add(int v) {
        if (size == items.length) {
            items = Arrays.copyOf(items, 2 * size);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (items[parent] >= v) {
                break;
            }
            items[i] = items[parent];
            i = parent;
        }
        items[i] = v;
    }

    /** Removes the largest key and returns the new largest, or {@link #EMPTY}. */
    int pollAndPeek() {
        if (size == 0) {
            throw new IllegalStateException("empty heap");
        }
        int last = items[--size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && items[child + 1] > items[child]) {
                child++;
            }
            if (items[child] <= last) {
                break;
            }
            items[i] = items[child];
            i = child;
        }
        if (size > 0) {
            items[i] = last;
        }
        return peek();
    }
}
