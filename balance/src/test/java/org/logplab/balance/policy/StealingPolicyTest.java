package org.logplab.balance.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The thief's and the victim's rules of {@code stealing}, on a worker whose every number is set by
 * hand: what a victim gives, when a busy worker steals ahead, and whom a thief asks.
 */
class StealingPolicyTest {
    @Test
    void aVictimGivesTheShareThatEqualisesTheTwoDrainTimesOldestFirst() {
        // Victim of capacity 20 with ten tasks of 100 (oldest first: ids by cost 101..110 to tell
        // them apart), thief of capacity 90: 1,055 * 90 / 110 = 863.18 -> 863 work units; the
        // oldest tasks within it are 101..108 (836), and 109 more would overshoot by 82 > 27 short.
        FakeWorkerView victim = new FakeWorkerView(new long[] {20, 90}, -1, 0)
                .queue(101, 102, 103, 104, 105, 106, 107, 108, 109, 110);
        new StealingPolicy().forNode(0).onSteal(victim, 1);
        assertThat(victim.migrations).hasSize(1);
        assertThat(victim.migrations.get(0)).containsExactly(1, 101 + 102 + 103 + 104 + 105 + 106 + 107 + 108);
        assertThat(victim.queue).containsExactly(109L, 110L);
    }

    @Test
    void withEqualCapacitiesAVictimGivesHalfItsQueue() {
        FakeWorkerView victim = new FakeWorkerView(new long[] {10, 10}, -1, 0).queue(100, 100, 100, 100);
        new StealingPolicy().forNode(0).onSteal(victim, 1);
        assertThat(victim.migrations.get(0)).containsExactly(1, 200);
    }

    @Test
    void aVictimWithOneTaskQueuedDenies() {
        FakeWorkerView victim = new FakeWorkerView(new long[] {10, 10}, -1, 0).queue(100);
        new StealingPolicy().forNode(0).onSteal(victim, 1);
        assertThat(victim.migrations).isEmpty();
        assertThat(victim.denials).containsExactly(1);
    }

    @Test
    void aBusyWorkerStealsAheadWhenItsQueueLastsLessThanTwoAnswers() {
        // Capacity 10, L = 10, o = 2: a round trip is 2 (10 + 4) = 28. Slowest member capacity 5.
        // Two queued tasks of 50: a victim's task is 50 / 5 = 10, two answers 2 (28 + 10) = 76,
        // and the queue lasts 100 / 10 = 10 < 76: steal ahead.
        FakeWorkerView shortQueue = new FakeWorkerView(new long[] {10, 5, 20}, -1, -1, -1).queue(50, 50);
        shortQueue.logP = new long[] {10, 2, 4};
        new StealingPolicy().forNode(0).onFinished(shortQueue);
        assertThat(shortQueue.steals).hasSize(1);

        // Sixteen tasks of 50 last 80 > 76: no steal.
        FakeWorkerView longQueue = new FakeWorkerView(new long[] {10, 5, 20}, -1, -1, -1)
                .queue(50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50);
        longQueue.logP = new long[] {10, 2, 4};
        new StealingPolicy().forNode(0).onFinished(longQueue);
        assertThat(longQueue.steals).isEmpty();

        // Fifteen last 75 < 76: steal.
        FakeWorkerView fifteen = new FakeWorkerView(new long[] {10, 5, 20}, -1, -1, -1)
                .queue(50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50);
        fifteen.logP = new long[] {10, 2, 4};
        new StealingPolicy().forNode(0).onFinished(fifteen);
        assertThat(fifteen.steals).hasSize(1);
    }

    @Test
    void aWorkerNoFasterThanAnyMemberWaitsUntilItIsIdle() {
        FakeWorkerView node = new FakeWorkerView(new long[] {10, 10, 20}, -1, -1, -1).queue(50, 50);
        node.logP = new long[] {10, 2, 4};
        WorkerPolicy stealing = new StealingPolicy().forNode(0);
        stealing.onFinished(node);
        assertThat(node.steals).isEmpty();
        node.queue.clear();
        stealing.onIdle(node);
        assertThat(node.steals).hasSize(1);
    }

    @Test
    void aThiefWithAStealOutstandingDoesNotAskAgain() {
        FakeWorkerView node = new FakeWorkerView(new long[] {10, 10}, -1, -1);
        WorkerPolicy stealing = new StealingPolicy().forNode(0);
        stealing.onIdle(node);
        stealing.onIdle(node);
        assertThat(node.steals).hasSize(1);
        stealing.onDenied(node, 1);
        stealing.onTasks(node, 1, 100);
        stealing.onIdle(node);
        assertThat(node.steals).hasSize(2);
    }

    @Test
    void ofTwoMembersDrawnTheThiefAsksTheOneBelievedToRunDryLater() {
        // Member 1 is known to be empty, member 2 to have 100 queued: a thief asks member 1 only
        // when both draws are 1, a quarter of the time (a single draw would ask it half the time).
        int toEmpty = 0;
        int trials = 4000;
        for (int t = 0; t < trials; t++) {
            FakeWorkerView node = new FakeWorkerView(new long[] {10, 10, 10}, -1, 0, 100);
            node.random = new SplittableRandom(t);
            new StealingPolicy().forNode(0).onIdle(node);
            toEmpty += node.steals.get(0) == 1 ? 1 : 0;
        }
        // Binomial(4000, 1/4): standard deviation 27; 0.22..0.28 is more than four of them each side.
        assertThat((double) toEmpty / trials).isBetween(0.22, 0.28);
    }

    @Test
    void ofTwoMembersAlikeTheThiefAsksTheSlowerOne() {
        // Nothing heard from either: the slower (capacity 10) is asked unless both draws are the faster.
        int toSlow = 0;
        int trials = 4000;
        for (int t = 0; t < trials; t++) {
            FakeWorkerView node = new FakeWorkerView(new long[] {10, 10, 90}, -1, -1, -1);
            node.random = new SplittableRandom(t);
            new StealingPolicy().forNode(0).onIdle(node);
            toSlow += node.steals.get(0) == 1 ? 1 : 0;
        }
        assertThat((double) toSlow / trials).isBetween(0.72, 0.78);
    }
}
