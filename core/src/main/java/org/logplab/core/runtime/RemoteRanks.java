package org.logplab.core.runtime;

import org.logplab.core.Message;
import org.logplab.core.RunFailedException;

/**
 * The rest of the cluster, as one process's share of a run sees it: the ranks outside this
 * process's block, reached through a transport. Implemented by the cluster layer
 * ({@code ClusterNode}); the runtime calls it from its processor threads.
 */
public interface RemoteRanks {
    /** The first rank this process runs. */
    int firstLocal();

    /** How many consecutive ranks from {@link #firstLocal()} this process runs. */
    int localCount();

    /**
     * Sends {@code m} to remote rank {@code dst}. Thread-safe: every local processor thread calls it.
     * The message's time stamps are in the sender's clock units.
     */
    void send(int dst, Message m);

    /**
     * The local ranks may have become quiescent (all blocked or finished) or finished: the cluster
     * layer should take a {@linkplain NodeRun#snapshot() snapshot} soon. Cheap and non-blocking;
     * called under the runtime's lock.
     */
    void changed();

    /** A local rank failed (or the local run timed out): tell the other processes. Called once. */
    void failed(RunFailedException failure);

    /**
     * A local rank waits for a message: polls the transport for frames from the other processes
     * if no other thread is polling it, handing what came to the local ranks. Never waits; true if
     * a frame came. The default polls nothing (the transport's own thread delivers everything).
     */
    default boolean poll() {
        return false;
    }
}
