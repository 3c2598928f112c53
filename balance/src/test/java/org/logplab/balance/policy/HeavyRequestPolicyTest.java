package org.logplab.balance.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The heavy policy tests once per event whether the node is heavy and tells its domain that
 * state; these tests check that the state it tells is always the one its notices' own test
 * ({@link LoadNotices#aboveShare(double)}) gives after the event, whether it pushed work, tried
 * and moved nothing, or was not heavy.
 */
class HeavyRequestPolicyTest {
    private static int stateByTheNoticesTest(WorkerView node) {
        return LoadNotices.aboveShare(node, 1.5) ? LoadNotices.HEAVY : LoadNotices.LIGHT;
    }

    @Test
    void aHeavyNodePushesToItsLightMembersAndTellsTheStateItIsInAfterwards() {
        // 10 tasks of 10 on node 0, members known at 0 and 40: tau = 140 / 30, share 46.7; heavy (100 > 70).
        FakeWorkerView node = new FakeWorkerView(new long[] {10, 10, 10}, -1, 0, 40)
                .queue(10, 10, 10, 10, 10, 10, 10, 10, 10, 10);
        WorkerPolicy heavy = new HeavyRequestPolicy().forNode(0);
        heavy.onFinished(node);
        assertThat(node.migrations).as("work moved").isNotEmpty();
        assertThat(node.notices).containsExactly(stateByTheNoticesTest(node));
        assertThat(node.requests).as("a sender never requests").isEmpty();
        assertThat(node.steals).as("a sender never steals").isEmpty();
    }

    @Test
    void aHeavyNodeThatMovesNothingTellsItIsHeavy() {
        // Tasks that arrived by migration cannot leave before one has run: nothing moves.
        FakeWorkerView node = new FakeWorkerView(new long[] {10, 10}, -1, 0).queue(10, 10, 10, 10);
        node.mayMigrate = false;
        WorkerPolicy heavy = new HeavyRequestPolicy().forNode(0);
        heavy.onReleased(node);
        assertThat(node.migrations).isEmpty();
        assertThat(node.notices).containsExactly(LoadNotices.HEAVY);
        assertThat(stateByTheNoticesTest(node)).isEqualTo(LoadNotices.HEAVY);
    }

    @Test
    void aNodeThatIsNotHeavyPushesNothingAndTellsItIsLightOnce() {
        // Balanced with its member (40 each), and a node with one task: neither is heavy.
        FakeWorkerView balanced = new FakeWorkerView(new long[] {10, 10}, -1, 40).queue(10, 10, 10, 10);
        FakeWorkerView single = new FakeWorkerView(new long[] {10, 10}, -1, 0).queue(100);
        for (FakeWorkerView node : List.of(balanced, single)) {
            WorkerPolicy heavy = new HeavyRequestPolicy().forNode(0);
            heavy.onFinished(node);
            heavy.onReleased(node);
            assertThat(node.migrations).isEmpty();
            assertThat(node.notices).containsExactly(LoadNotices.LIGHT);
        }
    }

    @Test
    void overManyStatesTheToldStateIsAlwaysTheNoticesTest() {
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 2_000; i++) {
            long[] capacities = {1 + r.nextInt(50), 1 + r.nextInt(50), 1 + r.nextInt(50)};
            FakeWorkerView node = new FakeWorkerView(capacities, -1, r.nextInt(3) - 1 + r.nextInt(400), r.nextInt(3) - 1
                    + r.nextInt(400));
            int tasks = r.nextInt(12);
            for (int k = 0; k < tasks; k++) {
                node.queue(1 + r.nextInt(60));
            }
            node.mayMigrate = r.nextBoolean();
            WorkerPolicy heavy = new HeavyRequestPolicy(1.5).forNode(0);
            String what = "capacities " + Arrays.toString(capacities) + ", known " + Arrays.toString(node.known)
                    + ", queue "
                    + node.queue + ", may migrate " + node.mayMigrate;
            if (r.nextBoolean()) {
                heavy.onFinished(node);
            } else {
                heavy.onReleased(node);
            }
            // A node tells its first state whatever it is: the last notice is the state now.
            assertThat(node.notices).as(what).hasSize(1);
            assertThat(node.notices.get(0)).as(what).isEqualTo(stateByTheNoticesTest(node));
        }
    }

    @Test
    void theSenderOfBidirectionalTellsNothing() {
        FakeWorkerView node = new FakeWorkerView(new long[] {10, 10}, -1, 0).queue(10, 10, 10, 10);
        HeavyRequestPolicy.Sender sender = new HeavyRequestPolicy.Sender(1.5, false);
        sender.onFinished(node);
        sender.onIdle(node);
        assertThat(node.migrations).isNotEmpty();
        assertThat(node.notices).isEmpty();
        assertThat(new HeavyRequestPolicy.Sender(1.5, false).tryPush(new FakeWorkerView(new long[] {10, 10}, -1, 0)
                .queue(5)))
                .as("one task is never heavy").isEqualTo(-1);
    }
}
