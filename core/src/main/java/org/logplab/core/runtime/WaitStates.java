package org.logplab.core.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The wait state of every processor of a pool ({@link ProcessorImpl#RUNNING}, a wait, or
 * {@link ProcessorImpl#DONE}), in one array. Every sender reads its receiver's state after each
 * send; a state is written only when its processor blocks, wakes or finishes (under the
 * coordinator's lock). With a core per processor each state has a cache line of its own, so that
 * the owner's other writes never make that read miss; under virtual threads, where a machine may
 * have millions of processors, the states are packed.
 */
final class WaitStates {
    private static final VarHandle STATES = MethodHandles.arrayElementVarHandle(int[].class);
    /** Ints per cache line. */
    private static final int LINE = 16;

    private final int[] states;
    private final int stride;
    private final int offset;

    WaitStates(int processors, boolean padded) {
        this.stride = padded ? LINE : 1;
        // Padded: a line before the first and after the last, which other objects may share.
        this.offset = padded ? LINE : 0;
        this.states = new int[processors * stride + 2 * offset];
    }

    int get(int rank) {
        return (int) STATES.getVolatile(states, offset + rank * stride);
    }

    void set(int rank, int state) {
        STATES.setVolatile(states, offset + rank * stride, state);
    }
}
