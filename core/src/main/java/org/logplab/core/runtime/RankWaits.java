package org.logplab.core.runtime;

import java.util.ArrayList;
import java.util.List;
import org.logplab.core.DeadlockException;
import org.logplab.core.LogP;
import org.logplab.core.Processor;
import org.logplab.core.RunResult;

/**
 * What one process's processors are waiting for (a receive's source and tag, or a send's
 * destination), read from their wait states under the
 * {@link Coordinator}'s lock: the waits a {@link DeadlockException} lists, the {@link NodeSnapshot}
 * of a quiescent process for the cluster's coordinator, and a timed-out run's report in words.
 * Stateless; each method is called under the coordinator's lock.
 */
final class RankWaits {
    private RankWaits() {
    }

    /** The waits of every blocked processor of {@code local}, in rank order (a deadlock's description). */
    static List<DeadlockException.Wait> deadlock(ProcessorImpl[] local) {
        List<DeadlockException.Wait> waits = new ArrayList<>();
        for (ProcessorImpl p : local) {
            DeadlockException.Wait w = wait(p.rank, status(p), p.waitPeer(), p.waitTag());
            if (w != null) {
                waits.add(w);
            }
        }
        return waits;
    }

    /**
     * What a rank in {@code status} waits for, in a deadlock's words, or null if it is done. A
     * receive decided at quiescence that waits for one rank (by a deadline) names that rank.
     */
    static DeadlockException.Wait wait(int rank, NodeSnapshot.Status status, int peer, int tag) {
        return switch (status) {
            case RECV -> new DeadlockException.Wait(rank, DeadlockException.Kind.RECV, peer, tag);
            case RECV_ANY -> peer >= 0 ? new DeadlockException.Wait(rank, DeadlockException.Kind.RECV, peer, tag)
                    : new DeadlockException.Wait(rank, DeadlockException.Kind.RECV_ANY, -1, tag);
            case SEND -> new DeadlockException.Wait(rank, DeadlockException.Kind.SEND, peer);
            case DONE -> null;
        };
    }

    /** The status of a processor that is blocked or done, or null if it runs. */
    private static NodeSnapshot.Status status(ProcessorImpl p) {
        return switch (p.state()) {
            case ProcessorImpl.WAIT_RECV -> NodeSnapshot.Status.RECV;
            case ProcessorImpl.WAIT_ANY -> NodeSnapshot.Status.RECV_ANY;
            case ProcessorImpl.WAIT_SEND -> NodeSnapshot.Status.SEND;
            case ProcessorImpl.DONE -> NodeSnapshot.Status.DONE;
            default -> null;
        };
    }

    /**
     * The state of {@code local}, every one of which is blocked or done (see {@link NodeSnapshot}).
     *
     * @param params the run's parameters, for a model-clock recvAny waiter's view
     * @param modelClock whether recvAny waiters are resolved by the model clock's rule (else they have no view)
     * @throws IllegalStateException if one of them is running
     */
    static NodeSnapshot snapshot(ProcessorImpl[] local, LogP params, boolean modelClock) {
        List<NodeSnapshot.Rank> ranks = new ArrayList<>(local.length);
        List<RunResult.InFlight> left = new ArrayList<>();
        for (ProcessorImpl p : local) {
            NodeSnapshot.Status status = status(p);
            if (status == null) {
                throw new IllegalStateException("rank " + p.rank + " runs while its process is quiescent");
            }
            RecvAnyRule.Waiter waiter = status == NodeSnapshot.Status.RECV_ANY && modelClock
                    ? p.recvAnyWaiter(params) : null;
            int peer = status == NodeSnapshot.Status.DONE ? -1 : p.waitPeer();
            int tag = status == NodeSnapshot.Status.RECV || status == NodeSnapshot.Status.RECV_ANY ? p.waitTag()
                    : Processor.ANY_TAG;
            ranks.add(new NodeSnapshot.Rank(p.rank, status, peer, waiter, p.finishTime(), p.sent(), p.received(),
                    tag));
            p.leftovers(left::add);
        }
        return new NodeSnapshot(ranks, left);
    }

    /**
     * What each unfinished processor of {@code local} is doing, the first {@code limit} of them
     * named: "2 unfinished: rank 0 waits to receive from rank 1; rank 1 is running".
     */
    static String describeUnfinished(ProcessorImpl[] local, int limit) {
        StringBuilder b = new StringBuilder();
        int shown = 0;
        int total = 0;
        for (ProcessorImpl p : local) {
            if (p.state() == ProcessorImpl.DONE) {
                continue;
            }
            total++;
            if (shown < limit) {
                NodeSnapshot.Status status = status(p);
                b.append(shown++ == 0 ? "" : "; ").append(status == null ? "rank " + p.rank + " is running"
                        : wait(p.rank, status, p.waitPeer(), p.waitTag()).toString());
            }
        }
        if (total > shown) {
            b.append("; ... and ").append(total - shown).append(" more");
        }
        return total + " unfinished: " + b;
    }
}
