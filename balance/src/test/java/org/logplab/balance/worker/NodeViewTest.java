package org.logplab.balance.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.logplab.balance.worker.SafraTermination.Action;
import org.logplab.balance.worker.SafraTermination.Decision;
import org.logplab.balance.workload.Task;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Message;

/**
 * What a policy does through the view of node 0 (capacity 2) of two (node 1: capacity 3), under the
 * model clock with {@code L = 2, o = 0, g = 0}: node 1 writes down the messages that reach it.
 */
class NodeViewTest {
    private static final int DONE = 99;
    private final LocalTasks tasks = new LocalTasks();
    private final WorkerMetrics metrics = new WorkerMetrics(0);
    /** Rank 1's detector as a witness of the basic messages node 0 sends (its token counts them). */
    private final SafraTermination witness = new SafraTermination(1, 2);

    /** Runs {@code atNode0} on node 0's view; returns what node 1 received. */
    private List<Message> run(BiConsumer<NodeView, NodeProcessor> atNode0) {
        List<Message> received = new ArrayList<>();
        Machine.run(LogP.of(2, 0, 0, 2), ClockKind.MODEL, p -> {
            NodeProcessor node = new NodeProcessor(p);
            if (p.rank() == 0) {
                atNode0.accept(new NodeView(node, new long[] {2, 3}, new int[] {1}, 1, 42, tasks, metrics, witness),
                        node);
                node.send(1, DONE, null, 0);
            } else {
                for (Message m = node.receiveBy(Long.MAX_VALUE); m.tag() != DONE; m = node.receiveBy(Long.MAX_VALUE)) {
                    received.add(m);
                }
            }
        });
        return received;
    }

    @Test
    void showsTheNodeAndTheRun() {
        run((view, node) -> {
            assertThat(view.rank()).isZero();
            assertThat(view.nodes()).isEqualTo(2);
            assertThat(view.domain()).containsExactly(1);
            assertThat(view.capacity()).isEqualTo(2);
            assertThat(view.capacityOf(1)).isEqualTo(3);
            assertThat(view.timeUnit()).isEqualTo(1);
            assertThat(view.logP()).containsExactly(2, 0, 0);
            node.compute(9);
            assertThat(view.now()).isEqualTo(9);
        });
    }

    @Test
    void balancingMessagesCarryThisNodesWorkAndAreCounted() {
        tasks.add(new Task(0, 6, 0, 0, 0));
        List<Message> got = run((view, node) -> {
            view.notifyDomain(2);
            view.request(1, 15);
            view.steal(1);
            view.deny(1);
        });
        assertThat(got).extracting(Message::tag).containsExactly(Tags.NOTICE, Tags.REQUEST, Tags.STEAL, Tags.DENY);
        assertThat(got).extracting(Message::bytes).containsExactly(16, 16, 8, 8);
        assertThat(got).extracting(m -> (long[]) m.payload())
                .containsExactly(new long[] {6, 2}, new long[] {15, 6}, new long[] {6}, new long[] {6});
        assertThat(metrics.record().balancingMessages()).isEqualTo(4);
        assertThat(metrics.record().migratedTasks()).isZero();
    }

    @Test
    void aMigrationSendsOneBatchAndCountsItsTasks() {
        for (int i = 0; i < 3; i++) {
            tasks.add(new Task(i, 4, 0, 0, 0));
        }
        long[] moved = new long[1];
        List<Message> got = run((view, node) -> moved[0] = view.migrate(1, 8, true));
        assertThat(moved[0]).isEqualTo(8);
        assertThat(got).hasSize(1);
        Message m = got.get(0);
        assertThat(m.tag()).isEqualTo(Tags.TASKS);
        Batch batch = (Batch) m.payload();
        assertThat(batch.tasks()).extracting(Task::id).containsExactly(1L, 2L);
        assertThat(batch.senderWork()).isEqualTo(4);
        assertThat(m.bytes()).isEqualTo(batch.bytes());
        assertThat(tasks.work()).isEqualTo(4);
        WorkerRecord r = metrics.record();
        assertThat(r.balancingMessages()).isEqualTo(1);
        assertThat(r.migratedTasks()).isEqualTo(2);
        assertThat(r.loadValues()).containsExactly(4);
        witness.tokenArrived(0, false);
        assertThat(witness.whenPassive()).isEqualTo(new Decision(Action.FORWARD, 0, 1, false));
    }

    @Test
    void migratedTasksStayUntilATaskHasRun() {
        tasks.add(new Task(0, 4, 0, 0, 0));
        tasks.addMigrated(new Task[] {new Task(1, 4, 0, 1, 0)});
        long[] moved = new long[1];
        assertThat(run((view, node) -> moved[0] = view.migrate(1, 8, false))).isEmpty();
        assertThat(moved[0]).isZero();
        assertThat(metrics.record().balancingMessages()).isZero();
    }

    @Test
    void knownWorkIsTheLastReportLessWhatTheMemberWorkedOff() {
        run((view, node) -> {
            assertThat(view.knownWork(1)).isEqualTo(-1);
            view.assumeWork(1, 100);
            node.compute(10);
            // 10 time units at node 1's capacity 3, this node idle all along.
            assertThat(view.knownWork(1)).isEqualTo(70);
            assertThat(view.busyFraction()).isZero();
        });
    }

    @Test
    void wakesAtTheEarliestTimeAskedAndNeverNow() {
        run((view, node) -> {
            assertThat(view.wakeTime()).isEqualTo(Long.MAX_VALUE);
            node.compute(10);
            view.wakeAt(5);
            assertThat(view.wakeTime()).isEqualTo(11);
            view.wakeAt(50);
            assertThat(view.wakeTime()).isEqualTo(11);
            view.forgetPassedWake();
            assertThat(view.wakeTime()).isEqualTo(11);
            node.compute(1);
            view.forgetPassedWake();
            assertThat(view.wakeTime()).isEqualTo(Long.MAX_VALUE);
        });
    }
}
