package org.logplab.balance.worker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.logplab.balance.workload.Task;

/** A worker's metrics by hand: responses after the warm-up only, load changes folded, busy time. */
class WorkerMetricsTest {

    @Test
    void shouldCountResponsesFromTheEndOfTheWarmUpAndEveryExecution() {
        WorkerMetrics m = new WorkerMetrics(100);
        m.executed(new Task(1, 30, 0, 0, 0), 10, 40);     // released in the warm-up: run, not in the responses
        m.executed(new Task(2, 50, 100, 0, 0), 100, 150); // response 50
        m.executed(new Task(3, 20, 120, 0, 0), 150, 170); // response 50 + 20 = 50 of waiting and running
        WorkerRecord r = m.record();
        assertThat(r.executedIds()).containsExactly(1, 2, 3);
        assertThat(r.executedCosts()).containsExactly(30, 50, 20);
        assertThat(r.work()).isEqualTo(100);
        assertThat(r.lastFinish()).isEqualTo(170);
        assertThat(r.responses().getTotalCount()).isEqualTo(2);
        assertThat(r.responses().getMean()).isEqualTo(50.0);
        // busy 30 + 50 + 20 = 100 of the first 200 time units
        assertThat(m.busyFraction(200)).isEqualTo(0.5);
        assertThat(m.busyFraction(0)).isZero();
    }

    @Test
    void shouldFoldRepeatedAndSameTimeLoadChanges() {
        WorkerMetrics m = new WorkerMetrics(0);
        m.load(0, 10);
        m.load(5, 10);  // no change
        m.load(7, 30);
        m.load(7, 20);  // same time: the later value stands
        m.load(9, 0);
        WorkerRecord r = m.record();
        assertThat(r.loadTimes()).containsExactly(0, 7, 9);
        assertThat(r.loadValues()).containsExactly(10, 20, 0);
    }

    @Test
    void shouldCountMessagesAndMigrations() {
        WorkerMetrics m = new WorkerMetrics(0);
        m.balancingMessage();
        m.balancingMessage();
        m.terminationMessage();
        m.migrated(3);
        WorkerRecord r = m.record();
        assertThat(r.balancingMessages()).isEqualTo(2);
        assertThat(r.terminationMessages()).isEqualTo(1);
        assertThat(r.migratedTasks()).isEqualTo(3);
    }
}
