package org.logplab.core.cluster;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The right to call a node's frame handler: whoever holds the turn polls the transport, and with
 * it runs {@link ClusterNode#onFrame} and {@link ClusterNode#tick}; nobody else does. The
 * transport's thread and any local rank waiting for a message from another process take it in
 * turn, so the handler's state (reassembly, counters, the protocol's phases) is only ever touched
 * by one thread at a time, each holder seeing what the previous one wrote, and the frames of each
 * peer are handled in the order they were polled.
 *
 * <p>A rank only ever {@linkplain #tryTake tries} (it polls between looks at its own channel and
 * must never wait behind another poller); the transport's thread {@linkplain #take takes} the turn
 * when its periodic duties are due, which holders make short (one poll's frames). Thread-safe.
 */
final class ReceiveTurn {
    private final AtomicBoolean held = new AtomicBoolean();

    /** Takes the turn if nobody holds it; true if the caller now holds it and must {@link #release} it. */
    boolean tryTake() {
        return !held.get() && held.compareAndSet(false, true);
    }

    /** Takes the turn, waiting (yielding) while another thread holds it. */
    void take() {
        while (!tryTake()) {
            Thread.yield();
        }
    }

    /** Gives the turn back; only its holder may. */
    void release() {
        held.set(false);
    }
}
