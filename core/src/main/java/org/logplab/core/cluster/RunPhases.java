package org.logplab.core.cluster;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Where this node's run stands in the cluster protocol: {@link Phase#SETUP} while the nodes say
 * READY (see {@link Handshake}), {@link Phase#RUNNING} from GO, then {@link Phase#ENDED} (node 0
 * sent END) or {@link Phase#FAILED}; and when it is <em>finished</em> with its peers: on FIN from
 * node 0, which sends it once every other node said BYE after END, or once the phase has lingered
 * long enough for the last frames to come (3 s after the end, 300 ms after a failure). Nobody
 * shuts down under a peer's last frames.
 *
 * <p>Thread-safe: the phase moves on the transport's thread, on a failing rank's thread and on
 * the thread waiting in {@link ClusterNode#run}; BYE is counted on the transport's thread.
 */
final class RunPhases {
    /** How long a node's last control frames may take to go before it is done with the network, ms. */
    static final long DRAIN_MILLIS = 2_000;
    private static final long LINGER_NANOS = TimeUnit.SECONDS.toNanos(3);
    private static final long FAIL_LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(300);

    /** The phases of a node's run, in protocol order. */
    enum Phase { SETUP, RUNNING, ENDED, FAILED }

    private final int nodes;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile Phase phase = Phase.SETUP;
    /** When the phase began ({@link System#nanoTime()}), written before the phase. */
    private volatile long since;
    private volatile long finishedAt;
    private int byes;

    /** The phases of one node's run in a cluster of {@code nodes} nodes. */
    RunPhases(int nodes) {
        this.nodes = nodes;
    }

    /** The current phase. */
    Phase get() {
        return phase;
    }

    /** GO: the run starts. */
    void running() {
        enter(Phase.RUNNING);
    }

    /** END: the run is over everywhere. */
    void ended() {
        enter(Phase.ENDED);
    }

    /** The run failed, here or elsewhere; the first failure's time counts. */
    void failed() {
        if (phase != Phase.FAILED) {
            enter(Phase.FAILED);
        }
    }

    private void enter(Phase next) {
        since = System.nanoTime();
        phase = next;
    }

    /** Transport thread, in phase {@code over} (ENDED or FAILED, as read): finishes once it has lingered enough. */
    void finishAfterLinger(Phase over, long nowNanos) {
        if (nowNanos - since > (over == Phase.FAILED ? FAIL_LINGER_NANOS : LINGER_NANOS)) {
            finished.countDown();
        }
    }

    /** Node 0, on BYE: whether every other node has now said it. */
    boolean bye() {
        return ++byes == nodes - 1;
    }

    /** This node is finished with its peers (FIN, or node 0 once all said BYE). */
    void finish() {
        finished.countDown();
    }

    /** Whether this node is finished with its peers. */
    boolean finished() {
        return finished.getCount() == 0;
    }

    /**
     * Whether this node is done with the network: finished with its peers, and its last control
     * frames have gone ({@code sent}) or have had {@value #DRAIN_MILLIS} ms to.
     */
    boolean networkDone(BooleanSupplier sent) {
        if (finished.getCount() != 0) {
            return false;
        }
        long now = System.nanoTime();
        if (finishedAt == 0) {
            finishedAt = now;
        }
        return sent.getAsBoolean() || now - finishedAt > TimeUnit.MILLISECONDS.toNanos(DRAIN_MILLIS);
    }

    /**
     * The thread waiting for the run, once it is over here: waits until this node is finished with
     * its peers, or at most for the linger after the run's end ({@code failed}: after its failure)
     * and a second more.
     */
    void awaitFinished(boolean failed) {
        long nanos = (failed ? FAIL_LINGER_NANOS : LINGER_NANOS) + TimeUnit.SECONDS.toNanos(1);
        try {
            finished.await(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
