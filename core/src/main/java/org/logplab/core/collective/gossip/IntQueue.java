package org.logplab.core.collective.gossip;

import java.util.Arrays;

/** A growable FIFO of ints (a ring buffer), so the seed's queues hold message ids unboxed. Not thread-safe. */
final class IntQueue {
    private int[] items = new int[8];
    private int head;
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int peek() {
        if (size == 0) {
            throw new IllegalStateException("empty queue");
        }
        return items[head];
    }

    int poll() {
        int v = peek();
        head = (head + 1) & (items.length - 1);
        size--;
        return v;
    }

    void add(int v) {
        if (size == items.length) {
            int[] grown = new int[2 * items.length];
            for (int i = 0; i < size; i++) {
                grown[i] = items[(head + i) & (items.length - 1)];
            }
            items = grown;
            head = 0;
        }
        items[(head + size) & (items.length - 1)] = v;
        size++;
    }

    @Override
    public String toString() {
        int[] copy = new int[size];
        for (int i = 0; i < size; i++) {
            copy[i] = items[(head + i) & (items.length - 1)];
        }
        return Arrays.toString(copy);
    }
}
