package org.logplab.bench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The share of a block a thread spent on a core. */
class OnCoreTest {

    @Test
    void aThreadThatSleepsThroughItsBlockWasOffItsCore() throws InterruptedException {
        OnCore meter = new OnCore(1);
        meter.begin(0);
        Thread.sleep(50);
        meter.end(0);
        // A sleeping thread uses microseconds of CPU in 50 ms: far below the 90 % a spinning rank has.
        assertThat(meter.least()).isLessThan(0.5);
        assertThat(OnCore.shared(meter.least())).isTrue();
    }

    @Test
    void aThreadThatSpinsHasAShareBetweenZeroAndOneAndTheLeastIsTheSmallest() throws InterruptedException {
        OnCore meter = new OnCore(2);
        Thread spinner = Thread.ofPlatform().start(() -> {
            meter.begin(1);
            long end = System.nanoTime() + 20_000_000;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            meter.end(1);
        });
        spinner.join();
        meter.begin(0);
        Thread.sleep(30);
        meter.end(0);
        // The sleeper's share is the least, whatever the host's load gave the spinner.
        assertThat(meter.least()).isLessThan(0.5).isGreaterThanOrEqualTo(0);
    }

    @Test
    void aBlockNotEndedByEveryThreadIsNotJudged() {
        OnCore meter = new OnCore(2);
        meter.begin(0);
        meter.end(0);
        assertThat(meter.least()).isNaN();
        assertThat(OnCore.shared(meter.least())).isFalse();
    }
}
