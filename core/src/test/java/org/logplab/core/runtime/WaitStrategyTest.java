package org.logplab.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The polling wait: the waiting thread fetches its message itself, yielding between empty polls. */
class WaitStrategyTest {

    @Test
    void aPollingWaitEndsWhenAPollHandsTheMessageOver() {
        AtomicInteger polls = new AtomicInteger();
        boolean[] delivered = new boolean[1];
        // The 100th poll hands the message over (as the transport's frame handler would).
        WaitStrategy wait = WaitStrategy.polling(10_000_000_000L, () -> {
            if (polls.incrementAndGet() == 100) {
                delivered[0] = true;
                return true;
            }
            return false;
        });
        assertThat(wait.await(() -> delivered[0], () -> { })).isTrue();
        assertThat(polls.get()).isEqualTo(100);
    }

    @Test
    void aPollingWaitGivesUpWhenItsTimeIsSpent() {
        AtomicInteger polls = new AtomicInteger();
        WaitStrategy wait = WaitStrategy.polling(2_000_000, () -> {
            polls.incrementAndGet();
            return false;
        });
        long start = System.nanoTime();
        assertThat(wait.await(() -> false, () -> { })).isFalse();
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(2_000_000);
        assertThat(polls.get()).isPositive();
        assertThat(wait.toString()).isEqualTo("poll 2000000 ns");
    }
}
