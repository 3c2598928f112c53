package org.logplab.core.collective.gossip;

import java.util.Arrays;
import java.util.List;

/**
 * The transfers of one timestep, stored as three parallel int arrays so that a schedule for a
 * 64 x 64 mesh (16.7 million transfers) streams through {@link HStarMesh} without an object per
 * packet. A producer fills it with {@link #add}, hands it to {@link HStarMesh#step} and
 * {@link #clear()}s it for the next step.
 *
 * <pre>{@code
 * Timestep step = new Timestep();
 * while (!mesh.allHoldEverything()) {
 *     step.clear();
 *     produceInto(step);
 *     mesh.step(step);
 * }
 * }</pre>
 *
 * <p>Mutable and not thread-safe: one producer at a time.
 */
public final class Timestep {
    private int[] from = new int[16];
    private int[] to = new int[16];
    private int[] message = new int[16];
    private int size;

    /** An empty timestep. */
    public Timestep() {
    }

    /** A timestep holding {@code transfers}, in order. */
    public static Timestep of(List<Transfer> transfers) {
        Timestep step = new Timestep();
        transfers.forEach(step::add);
        return step;
    }

    /** Adds message {@code msg} crossing from node {@code src} to node {@code dst}. */
    public Timestep add(int src, int dst, int msg) {
        if (size == from.length) {
            from = Arrays.copyOf(from, 2 * size);
            to = Arrays.copyOf(to, 2 * size);
            message = Arrays.copyOf(message, 2 * size);
        }
        from[size] = src;
        to[size] = dst;
        message[size] = msg;
        size++;
        return this;
    }

    /** Adds {@code t}. */
    public Timestep add(Transfer t) {
        return add(t.from(), t.to(), t.message());
    }

    /** Removes every transfer. */
    public void clear() {
        size = 0;
    }

    /** The number of transfers. */
    public int size() {
        return size;
    }

    /** The sender of transfer {@code i}. */
    public int from(int i) {
        return from[check(i)];
    }

    /** The receiver of transfer {@code i}. */
    public int to(int i) {
        return to[check(i)];
    }

    /** The message of transfer {@code i}. */
    public int message(int i) {
        return message[check(i)];
    }

    /** Transfer {@code i} as a record. */
    public Transfer transfer(int i) {
        check(i);
        return new Transfer(from[i], to[i], message[i]);
    }

    /** A copy of the transfers as records, in order. */
    public List<Transfer> transfers() {
        Transfer[] all = new Transfer[size];
        for (int i = 0; i < size; i++) {
            all[i] = new Transfer(from[i], to[i], message[i]);
        }
        return List.of(all);
    }

    private int check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("transfer " + i + " of " + size);
        }
        return i;
    }
}
