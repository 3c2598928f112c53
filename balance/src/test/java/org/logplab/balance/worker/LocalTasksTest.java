package org.logplab.balance.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.logplab.balance.workload.Task;

/** A node's queue by hand: its work, which tasks a migration takes, and the hold on migrated tasks. */
class LocalTasksTest {
    private static LocalTasks queued(long... costs) {
        LocalTasks tasks = new LocalTasks();
        for (int i = 0; i < costs.length; i++) {
            tasks.add(new Task(i, costs[i], 0, 0, 0));
        }
        return tasks;
    }

    private static long[] ids(Task[] tasks) {
        return Arrays.stream(tasks).mapToLong(Task::id).toArray();
    }

    @Test
    void countsTheWorkOfWhatComesAndGoes() {
        LocalTasks tasks = queued(5, 3);
        assertThat(tasks.size()).isEqualTo(2);
        assertThat(tasks.work()).isEqualTo(8);
        assertThat(tasks.addMigrated(new Task[] {new Task(7, 4, 0, 1, 0), new Task(8, 6, 0, 1, 0)})).isEqualTo(10);
        assertThat(tasks.work()).isEqualTo(18);
        assertThat(tasks.takeOldest().id()).isZero();
        assertThat(tasks.work()).isEqualTo(13);
        assertThat(tasks.size()).isEqualTo(3);
    }

    @Test
    void aMigrationTakesTasksWhileTheyFitAndOneMoreIfItComesNearer() {
        // From the oldest: 5 fits in 6; 5 + 3 overshoots by 2, more than stopping short by 1.
        LocalTasks tasks = queued(5, 3, 8, 2);
        assertThat(ids(tasks.takeForMigration(6, false))).containsExactly(0);
        assertThat(tasks.work()).isEqualTo(13);
        // From 3, 8, 2 for 7: 3 fits; 3 + 8 overshoots by 4, as far as stopping short: it stays.
        assertThat(ids(tasks.takeForMigration(7, false))).containsExactly(1);
        // From 8, 2 for 9: 8 fits; 8 + 2 overshoots by 1, as far as stopping short: it stays.
        assertThat(ids(tasks.takeForMigration(9, false))).containsExactly(2);
        assertThat(tasks.work()).isEqualTo(2);

        // From 3, 8 for 8: 3 fits; 3 + 8 overshoots by 3, nearer than the 5 short: taken.
        tasks = queued(3, 8);
        assertThat(ids(tasks.takeForMigration(8, false))).containsExactly(0, 1);
        assertThat(tasks.isEmpty()).isTrue();

        // From the newest: 2, then 8 reaches 10; the batch lists them in queue order.
        tasks = queued(5, 3, 8, 2);
        assertThat(ids(tasks.takeForMigration(10, true))).containsExactly(2, 3);
        assertThat(tasks.work()).isEqualTo(8);
        assertThat(tasks.takeOldest().id()).isZero();
    }

    @Test
    void nothingGoesWithoutAPositiveAmountATaskOrAFirstTaskThatComesNearer() {
        assertThat(queued(5).takeForMigration(0, false)).isEmpty();
        assertThat(queued().takeForMigration(5, false)).isEmpty();
        // 10 for 3 overshoots by 7, more than the 3 short of stopping at once.
        LocalTasks tasks = queued(10);
        assertThat(tasks.takeForMigration(3, true)).isEmpty();
        assertThat(tasks.work()).isEqualTo(10);
        assertThat(tasks.size()).isEqualTo(1);
    }

    @Test
    void migratedTasksHoldTheQueueUntilATaskHasRun() {
        LocalTasks tasks = queued(5, 3);
        tasks.addMigrated(new Task[] {new Task(7, 4, 0, 1, 0)});
        assertThat(tasks.takeForMigration(100, false)).isEmpty();
        assertThat(tasks.work()).isEqualTo(12);
        tasks.takeOldest();
        assertThat(ids(tasks.takeForMigration(100, true))).containsExactly(1, 7);
        assertThat(tasks.isEmpty()).isTrue();
    }
}
