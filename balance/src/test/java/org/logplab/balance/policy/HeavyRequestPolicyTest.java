package org.logplab.balance.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
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
    /** A node of rank 0 with a domain, a queue of task costs and known member loads; records what it sends. */
    private static final class FakeNode implements WorkerView {
        final long[] capacities;
        final int[] domain;
        final long[] known;
        final List<Long> queue = new ArrayList<>();
        final List<Integer> notices = new ArrayList<>();
        final List<long[]> migrations = new ArrayList<>();
        boolean mayMigrate = true;

        FakeNode(long[] capacities, long... known) {
            this.capacities = capacities;
            this.known = known;
            this.domain = new int[capacities.length - 1];
            for (int k = 0; k < domain.length; k++) {
                domain[k] = k + 1;
            }
        }

        FakeNode queue(long... costs) {
            for (long c : costs) {
                queue.add(c);
            }
            return this;
        }

        @Override
        public int rank() {
            return 0;
        }

        @Override
        public int nodes() {
            return capacities.length;
        }

        @Override
        public int[] domain() {
            return domain;
        }

        @Override
        public long capacity() {
            return capacities[0];
        }

        @Override
        public long capacityOf(int j) {
            return capacities[j];
        }

        @Override
        public long now() {
            return 0;
        }

        @Override
        public long timeUnit() {
            return 1;
        }

        @Override
        public long[] logP() {
            return new long[] {0, 0, 0};
        }

        @Override
        public long queuedWork() {
            return queue.stream().mapToLong(Long::longValue).sum();
        }

        @Override
        public int queuedTasks() {
            return queue.size();
        }

        @Override
        public double busyFraction() {
            return 0;
        }

        @Override
        public long knownWork(int j) {
            return known[j];
        }

        @Override
        public void assumeWork(int j, long work) {
            known[j] = work;
        }

        @Override
        public SplittableRandom random() {
            return new SplittableRandom(1);
        }

        @Override
        public void notifyDomain(int state) {
            notices.add(state);
        }

        @Override
        public void notify(int j, int state) {
            notices.add(state);
        }

        @Override
        public void request(int j, long work) {
            throw new AssertionError("the heavy policy never requests");
        }

        @Override
        public void steal(int j) {
            throw new AssertionError("the heavy policy never steals");
        }

        /** Newest first, as Worker does: tasks while within the amount, one more if that comes nearer. */
        @Override
        public long migrate(int j, long work, boolean newest) {
            if (!mayMigrate || work <= 0) {
                return 0;
            }
            long moved = 0;
            while (!queue.isEmpty()) {
                long c = queue.get(queue.size() - 1);
                if (moved + c > work && moved + c - work >= work - moved) {
                    break;
                }
                queue.remove(queue.size() - 1);
                moved += c;
                if (moved >= work) {
                    break;
                }
            }
            if (moved > 0) {
                migrations.add(new long[] {j, moved});
            }
            return moved;
        }

        @Override
        public void deny(int j) {
        }

        @Override
        public void wakeAt(long time) {
        }
    }

    private static int stateByTheNoticesTest(WorkerView node) {
        return LoadNotices.aboveShare(node, 1.5) ? LoadNotices.HEAVY : LoadNotices.LIGHT;
    }

    @Test
    void aHeavyNodePushesToItsLightMembersAndTellsTheStateItIsInAfterwards() {
        // 10 tasks of 10 on node 0, members known at 0 and 40: tau = 140 / 30, share 46.7; heavy (100 > 70).
        FakeNode node = new FakeNode(new long[] {10, 10, 10}, -1, 0, 40).queue(10, 10, 10, 10, 10, 10, 10, 10, 10, 10);
        WorkerPolicy heavy = new HeavyRequestPolicy().forNode(0);
        heavy.onFinished(node);
        assertThat(node.migrations).as("work moved").isNotEmpty();
        assertThat(node.notices).containsExactly(stateByTheNoticesTest(node));
    }

    @Test
    void aHeavyNodeThatMovesNothingTellsItIsHeavy() {
        // Tasks that arrived by migration cannot leave before one has run: nothing moves.
        FakeNode node = new FakeNode(new long[] {10, 10}, -1, 0).queue(10, 10, 10, 10);
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
        FakeNode balanced = new FakeNode(new long[] {10, 10}, -1, 40).queue(10, 10, 10, 10);
        FakeNode single = new FakeNode(new long[] {10, 10}, -1, 0).queue(100);
        for (FakeNode node : List.of(balanced, single)) {
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
            FakeNode node = new FakeNode(capacities, -1, r.nextInt(3) - 1 + r.nextInt(400), r.nextInt(3) - 1 + r.nextInt(400));
            int tasks = r.nextInt(12);
            for (int k = 0; k < tasks; k++) {
                node.queue(1 + r.nextInt(60));
            }
            node.mayMigrate = r.nextBoolean();
            WorkerPolicy heavy = new HeavyRequestPolicy(1.5).forNode(0);
            String what = "capacities " + Arrays.toString(capacities) + ", known " + Arrays.toString(node.known) + ", queue "
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
        FakeNode node = new FakeNode(new long[] {10, 10}, -1, 0).queue(10, 10, 10, 10);
        HeavyRequestPolicy.Sender sender = new HeavyRequestPolicy.Sender(1.5, false);
        sender.onFinished(node);
        sender.onIdle(node);
        assertThat(node.migrations).isNotEmpty();
        assertThat(node.notices).isEmpty();
        assertThat(new HeavyRequestPolicy.Sender(1.5, false).tryPush(new FakeNode(new long[] {10, 10}, -1, 0).queue(5)))
                .as("one task is never heavy").isEqualTo(-1);
    }
}
