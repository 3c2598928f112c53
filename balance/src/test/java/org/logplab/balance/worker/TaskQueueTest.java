package org.logplab.balance.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.logplab.balance.workload.Task;

/** {@link TaskQueue} against a plain deque, through growth and wrap-around of its ring. */
class TaskQueueTest {
    private static Task task(long id) {
        return new Task(id, 1 + id % 7, 0, 0, 0);
    }

    private static List<Task> contents(TaskQueue q) {
        List<Task> out = new ArrayList<>();
        for (int i = 0; i < q.size(); i++) {
            out.add(q.get(i));
        }
        return out;
    }

    @Test
    void behavesAsADequeUnderRandomOperations() {
        SplittableRandom r = new SplittableRandom(3);
        TaskQueue q = new TaskQueue();
        ArrayDeque<Task> expected = new ArrayDeque<>();
        long next = 0;
        for (int step = 0; step < 20_000; step++) {
            switch (r.nextInt(5)) {
                case 0, 1 -> {
                    Task t = task(next++);
                    q.addLast(t);
                    expected.addLast(t);
                }
                case 2 -> {
                    Task[] batch = new Task[r.nextInt(40)];
                    for (int k = 0; k < batch.length; k++) {
                        batch[k] = task(next++);
                        expected.addLast(batch[k]);
                    }
                    q.addAll(batch);
                }
                case 3 -> assertThat(q.pollFirst()).isSameAs(expected.pollFirst());
                default -> {
                    int count = r.nextInt(q.size() + 1);
                    boolean newest = r.nextBoolean();
                    Task[] taken = newest ? q.removeLast(count) : q.removeFirst(count);
                    Task[] want = new Task[count];
                    for (int k = 0; k < count; k++) {
                        if (newest) {
                            want[count - 1 - k] = expected.pollLast();
                        } else {
                            want[k] = expected.pollFirst();
                        }
                    }
                    assertThat(taken).as("in queue order").containsExactly(want);
                }
            }
            assertThat(q.size()).isEqualTo(expected.size());
            assertThat(q.isEmpty()).isEqualTo(expected.isEmpty());
            if (step % 97 == 0) {
                assertThat(contents(q)).containsExactlyElementsOf(expected);
            }
        }
    }

    @Test
    void takesAcrossTheEndOfItsRingAndKeepsNoReferenceToWhatLeft() throws Exception {
        TaskQueue q = new TaskQueue();
        for (int i = 0; i < 12; i++) {
            q.addLast(task(i));
        }
        for (int i = 0; i < 10; i++) {
            q.pollFirst();
        }
        // Head at 10 of 16: tasks 10..21 wrap around the end of the ring.
        for (int i = 12; i < 22; i++) {
            q.addLast(task(i));
        }
        assertThat(q.removeLast(8)).extracting(Task::id).containsExactly(14L, 15L, 16L, 17L, 18L, 19L, 20L, 21L);
        assertThat(q.removeFirst(3)).extracting(Task::id).containsExactly(10L, 11L, 12L);
        assertThat(contents(q)).extracting(Task::id).containsExactly(13L);
        java.lang.reflect.Field ring = TaskQueue.class.getDeclaredField("ring");
        ring.setAccessible(true);
        long held = java.util.Arrays.stream((Task[]) ring.get(q)).filter(java.util.Objects::nonNull).count();
        assertThat(held).as("slots still referencing a task").isEqualTo(1);
    }

    @Test
    void refusesToTakeMoreThanItHolds() {
        TaskQueue q = new TaskQueue();
        q.addLast(task(1));
        assertThatThrownBy(() -> q.removeLast(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(q.pollFirst()).isNotNull();
        assertThat(q.pollFirst()).isNull();
        assertThat(q.removeFirst(0)).isEmpty();
    }
}
