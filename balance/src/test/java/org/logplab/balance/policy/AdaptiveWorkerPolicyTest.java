package org.logplab.balance.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * One worker's side of {@code adaptive} on a worker whose every number is set by hand: when an idle
 * worker steals, and what a victim gives. Capacities 10, {@code L = 10, o = 2}: a move takes 14.
 */
class AdaptiveWorkerPolicyTest {
    private static FakeWorkerView worker(long... known) {
        FakeWorkerView node = new FakeWorkerView(new long[] {10, 10, 10}, known);
        node.logP = new long[] {10, 2, 4};
        return node;
    }

    @Test
    void anIdleWorkerThatHasSeenNoTaskSteals() {
        FakeWorkerView node = worker(-1, -1, -1);
        new AdaptiveWorkerPolicy().onIdle(node);
        assertThat(node.steals).hasSize(1);
    }

    @Test
    void atLowLoadAnIdleWorkerStealsOnlyWhereAMemberIsBelievedToHaveAQueue() {
        FakeWorkerView node = worker(-1, -1, 150);
        AdaptiveWorkerPolicy policy = new AdaptiveWorkerPolicy();
        // Tasks of 100 take 10 here: a member needs more than 20 time units of work queued.
        node.queue(100);
        policy.onReleased(node);
        node.queue.clear();
        policy.onIdle(node);
        assertThat(node.steals).as("15 time units queued at member 2, and a busy fraction of 0").isEmpty();
        node.known[2] = 250;
        policy.onIdle(node);
        assertThat(node.steals).hasSize(1);
    }

    @Test
    void aStealThatPaidIsFollowedByAnotherAndADenialBacksOff() {
        FakeWorkerView node = worker(-1, -1, -1);
        AdaptiveWorkerPolicy policy = new AdaptiveWorkerPolicy();
        node.queue(100);
        policy.onReleased(node);
        node.queue.clear();
        policy.onIdle(node);
        assertThat(node.steals).as("no evidence of a queue").isEmpty();

        AdaptiveWorkerPolicy lucky = new AdaptiveWorkerPolicy();
        lucky.onIdle(node);
        lucky.onTasks(node, node.steals.get(0), 50);
        node.queue(100);
        lucky.onReleased(node);
        node.queue.clear();
        lucky.onIdle(node);
        assertThat(node.steals).as("the last steal paid").hasSize(2);
        lucky.onDenied(node, node.steals.get(1));
        lucky.onIdle(node);
        assertThat(node.steals).as("pausing after the denial").hasSize(2);
    }

    @Test
    void aVictimGivesTheShareThatEqualisesTheDrainTimesOldestFirst() {
        FakeWorkerView victim = worker(-1, 0, -1).queue(100, 110, 120, 130);
        new AdaptiveWorkerPolicy().onSteal(victim, 1);
        assertThat(victim.migrations).hasSize(1);
        assertThat(victim.migrations.get(0)).containsExactly(1, 100 + 110);
        assertThat(victim.queue).containsExactly(120L, 130L);
        assertThat(victim.denials).isEmpty();
    }

    @Test
    void aVictimGivesItsOneQueuedTaskOnlyWhenItWouldWaitLongerThanTheMove() {
        // 200 at capacity 10 waits 20 > 14: it goes; 100 waits 10 < 14: denied.
        FakeWorkerView slow = worker(-1, 0, -1).queue(200);
        new AdaptiveWorkerPolicy().onSteal(slow, 1);
        assertThat(slow.migrations.get(0)).containsExactly(1, 200);

        FakeWorkerView quick = worker(-1, 0, -1).queue(100);
        new AdaptiveWorkerPolicy().onSteal(quick, 1);
        assertThat(quick.migrations).isEmpty();
        assertThat(quick.denials).containsExactly(1);

        FakeWorkerView empty = worker(-1, 0, -1);
        new AdaptiveWorkerPolicy().onSteal(empty, 2);
        assertThat(empty.denials).containsExactly(2);
    }
}
