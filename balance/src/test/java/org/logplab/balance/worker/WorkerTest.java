package org.logplab.balance.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.logplab.balance.policy.WorkerPolicy;
import org.logplab.balance.policy.WorkerView;
import org.logplab.balance.workload.Task;
import org.logplab.balance.workload.Workload;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;

/** The worker's loop by hand under the model clock: arrivals on time, tasks in order, children, events, slices. */
class WorkerTest {
    /** The given arrivals; task 0 spawns task 100 of cost 4. */
    private static Workload workload(List<Task> released) {
        return new Workload() {
            @Override
            public String name() {
                return "by hand";
            }

            @Override
            public List<Task> released() {
                return released;
            }

            @Override
            public List<Task> children(Task parent, long finish, int node) {
                return parent.id() == 0 ? List.of(new Task(100, 4, finish, node, 1)) : List.of();
            }

            @Override
            public List<Task> all() {
                throw new UnsupportedOperationException();
            }
        };
    }

    /** Writes down each event with its time. */
    private static final class Recording implements WorkerPolicy {
        final List<String> events = new ArrayList<>();

        @Override
        public void onStart(WorkerView node) {
            events.add("start@" + node.now());
        }

        @Override
        public void onReleased(WorkerView node) {
            events.add("released@" + node.now());
        }

        @Override
        public void onFinished(WorkerView node) {
            events.add("finished@" + node.now());
        }

        @Override
        public void onIdle(WorkerView node) {
            events.add("idle@" + node.now());
        }
    }

    @Test
    void aLoneNodeRunsItsTasksOldestFirstAndItsArrivalsOnTime() {
        // Capacity 2: costs 3, 5, 4 (the child), 2 take 2, 3, 2, 1 time units; task 2 arrives at 20.
        List<Task> released = List.of(new Task(0, 3, 0, 0, 0), new Task(1, 5, 0, 0, 0), new Task(2, 2, 20, 0, 0));
        Recording policy = new Recording();
        WorkerRecord[] record = new WorkerRecord[1];
        Machine.run(LogP.of(3, 1, 1, 1), ClockKind.MODEL, p -> record[0] = new Worker(p, workload(released),
                new long[] {2}, new int[0], policy, 1, released, 7).run());
        WorkerRecord r = record[0];
        assertThat(r.executedIds()).containsExactly(0, 1, 100, 2);
        assertThat(r.work()).isEqualTo(14);
        assertThat(r.lastFinish()).isEqualTo(21);
        assertThat(policy.events).containsExactly("start@0", "released@0", "released@2", "finished@2", "finished@5",
                "finished@7", "idle@7", "released@20", "finished@21");
        // Queued work: 8 at 0, less task 0 when it starts; 4 + 5 at 2, less task 1; none from 5; 2 at 20, run at once.
        assertThat(r.loadTimes()).containsExactly(0, 2, 5, 20);
        assertThat(r.loadValues()).containsExactly(5, 4, 0, 0);
        assertThat(r.responses().getTotalCount()).isEqualTo(4);
        assertThat(r.terminationMessages()).isZero();
    }

    @Test
    void aLongTaskIsRunInSlicesWithMessagesAnsweredBetweenThem() {
        // Node 0 runs one task of 100 time units; node 1, with nothing, asks it for work at once.
        // Slices of L + 2o = 4: the denial comes back long before the task ends.
        List<Task> released = List.of(new Task(0, 100, 0, 0, 0));
        List<List<Task>> arrivals = List.of(released, List.of());
        long[] deniedAt = {-1};
        WorkerPolicy thief = new WorkerPolicy() {
            @Override
            public void onStart(WorkerView node) {
                node.steal(0);
            }

            @Override
            public void onDenied(WorkerView node, int from) {
                deniedAt[0] = node.now();
            }
        };
        WorkerRecord[] records = new WorkerRecord[2];
        Machine.run(LogP.of(2, 1, 1, 2), ClockKind.MODEL, p -> records[p.rank()] = new Worker(p,
                workload(released), new long[] {1, 1}, new int[] {1 - p.rank()}, p.rank() == 0
                        ? new WorkerPolicy() { } : thief, 1, arrivals.get(p.rank()), 7).run());
        assertThat(deniedAt[0]).isPositive().isLessThan(20);
        assertThat(records[0].executedIds()).containsExactly(0, 100);
        assertThat(records[0].lastFinish()).isGreaterThan(100);
        assertThat(records[1].executedIds()).isEmpty();
        assertThat(records[1].balancingMessages()).isEqualTo(1);
        assertThat(records[0].balancingMessages()).isEqualTo(1);
    }
}
