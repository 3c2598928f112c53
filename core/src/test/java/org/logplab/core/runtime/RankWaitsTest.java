package org.logplab.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.DeadlockException;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;

/** What blocked processors wait for, as a deadlock's waits, a quiescent snapshot and a timeout's words. */
class RankWaitsTest {
    private static final LogP PARAMS = LogP.of(10, 2, 4, 4);
    private ProcessorImpl[] local;

    @BeforeEach
    void fourProcessors() {
        // A pool whose threads never start: its processors are only read here.
        ProcessorPool pool = new ProcessorPool(RunConfig.builder(PARAMS).clock(ClockKind.MODEL).build(), true);
        local = pool.local;
        local[0].enterWait(ProcessorImpl.WAIT_RECV, 3, null, null);
        local[1].enterWait(ProcessorImpl.WAIT_ANY, -1, null, null);
        local[2].enterWait(ProcessorImpl.WAIT_SEND, 0, null, null);
        local[3].state(ProcessorImpl.DONE);
    }

    @Test
    void aDeadlockListsEveryBlockedRank() {
        assertThat(RankWaits.deadlock(local)).containsExactly(
                new DeadlockException.Wait(0, DeadlockException.Kind.RECV, 3),
                new DeadlockException.Wait(1, DeadlockException.Kind.RECV_ANY, -1),
                new DeadlockException.Wait(2, DeadlockException.Kind.SEND, 0));
    }

    @Test
    void aTimeoutNamesTheUnfinishedRanksUpToTheLimit() {
        local[3].state(ProcessorImpl.RUNNING);
        assertThat(RankWaits.describeUnfinished(local, 12)).isEqualTo("4 unfinished: "
                + "rank 0 waits to receive from rank 3; rank 1 waits to receive from any rank; "
                + "rank 2 waits for room to send to rank 0; rank 3 is running");
        assertThat(RankWaits.describeUnfinished(local, 1))
                .isEqualTo("4 unfinished: rank 0 waits to receive from rank 3; ... and 3 more");
    }

    @Test
    void aSnapshotHasEveryRanksWait() {
        NodeSnapshot s = RankWaits.snapshot(local, PARAMS, true);
        assertThat(s.ranks()).extracting(NodeSnapshot.Rank::status).containsExactly(NodeSnapshot.Status.RECV,
                NodeSnapshot.Status.RECV_ANY, NodeSnapshot.Status.SEND, NodeSnapshot.Status.DONE);
        assertThat(s.ranks()).extracting(NodeSnapshot.Rank::peer).containsExactly(3, -1, 0, -1);
        assertThat(s.ranks().get(1).waiter()).as("no message and no deadline: it can only wait").isNull();
        assertThat(s.leftovers()).isEmpty();
        assertThat(s.allDone()).isFalse();
    }

    @Test
    void aSnapshotOfARunningRankIsRefused() {
        local[3].state(ProcessorImpl.RUNNING);
        assertThatThrownBy(() -> RankWaits.snapshot(local, PARAMS, true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("rank 3 runs while its process is quiescent");
    }
}
