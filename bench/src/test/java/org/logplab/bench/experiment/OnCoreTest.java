package org.logplab.bench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The share of a block a thread spent on a core. */
class OnCoreTest {

    @Test
    void aThreadOffItsCoreForMostOfItsBlockIsSaidToShareIt() throws InterruptedException {
        OnCore meter = new OnCore(1);
        meter.begin(0);
        Thread.sleep(50);
        meter.end(0);
        // Off its core for 50 ms, on it for microseconds: far below the 90 % of a spinning rank.
        assertThat(meter.least()).isLessThan(0.5).isGreaterThanOrEqualTo(0);
        assertThat(OnCore.shared(meter.least())).isTrue();
    }

    @Test
    void anExcludedThreadIsNotJudgedAndTheOthersAre() throws InterruptedException {
        OnCore meter = new OnCore(2).excluding(0);
        meter.begin(0);
        meter.begin(1);
        Thread.sleep(30);
        meter.end(1);
        meter.end(0);
        assertThat(OnCore.shared(meter.least())).isTrue(); // thread 1 slept

        OnCore parked = new OnCore(2).excluding(0);
        parked.begin(0);
        Thread.sleep(30); // thread 0 parks (excluded); thread 1 does nothing and has no share yet
        parked.end(0);
        assertThat(parked.least()).isNaN();
    }

    @Test
    void aBlockNotEndedByEveryJudgedThreadIsNotJudged() {
        OnCore meter = new OnCore(2);
        meter.begin(0);
        meter.end(0);
        assertThat(meter.least()).isNaN();
        assertThat(OnCore.shared(meter.least())).isFalse();
    }
}
