package org.logplab.balance.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.logplab.balance.policy.WorkerPolicy;
import org.logplab.balance.policy.WorkerView;
import org.logplab.balance.worker.SafraTermination.Action;
import org.logplab.balance.worker.SafraTermination.Decision;
import org.logplab.balance.workload.Task;
import org.logplab.core.Message;

/**
 * Each tag to its part of the worker, on a node of rank 1 of 2 at time 7 whose view and policy
 * write down what they are told.
 */
class MessageDispatcherTest {
    private final List<String> said = new ArrayList<>();
    private final LocalTasks tasks = new LocalTasks();
    private final SafraTermination termination = new SafraTermination(1, 2);
    private final WorkerMetrics metrics = new WorkerMetrics(0);
    private final MessageDispatcher dispatcher = new MessageDispatcher(view(), new Recording(), tasks, termination,
            metrics);

    /** A view that knows its rank and the time, and writes down what it is told of other nodes' loads. */
    private WorkerView view() {
        return (WorkerView) Proxy.newProxyInstance(WorkerView.class.getClassLoader(), new Class<?>[] {WorkerView.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "rank" -> 1;
                    case "now" -> 7L;
                    case "assumeWork" -> said.add("load of " + args[0] + " is " + args[1]);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private final class Recording implements WorkerPolicy {
        @Override
        public void onNotice(WorkerView node, int from, int state) {
            said.add("notice from " + from + ": state " + state);
        }

        @Override
        public void onRequest(WorkerView node, int from, long work) {
            said.add("request from " + from + " for " + work);
        }

        @Override
        public void onSteal(WorkerView node, int from) {
            said.add("steal from " + from);
        }

        @Override
        public void onTasks(WorkerView node, int from, long work) {
            said.add("tasks from " + from + ": " + work);
        }

        @Override
        public void onDenied(WorkerView node, int from) {
            said.add("denied by " + from);
        }
    }

    private boolean handle(int tag, Object payload) {
        return dispatcher.handle(new Message(0, tag, payload, 16, 0, 0));
    }

    @Test
    void aBalancingMessageTellsItsSendersLoadBeforeThePolicyActs() {
        assertThat(handle(Tags.NOTICE, new long[] {40, 2})).isFalse();
        assertThat(handle(Tags.REQUEST, new long[] {15, 30})).isFalse();
        assertThat(handle(Tags.STEAL, new long[] {3})).isFalse();
        assertThat(handle(Tags.DENY, new long[] {0})).isFalse();
        assertThat(said).containsExactly("load of 0 is 40", "notice from 0: state 2", "load of 0 is 30",
                "request from 0 for 15", "load of 0 is 3", "steal from 0", "load of 0 is 0", "denied by 0");
        assertThat(tasks.isEmpty()).isTrue();
    }

    @Test
    void migratedTasksAreQueuedHeldCountedAndPassedOnAsWork() {
        Task[] batch = {new Task(4, 5, 0, 0, 0), new Task(9, 3, 0, 0, 0)};
        assertThat(handle(Tags.TASKS, new Batch(batch, 12))).isFalse();
        assertThat(said).containsExactly("load of 0 is 12", "tasks from 0: 8");
        assertThat(tasks.work()).isEqualTo(8);
        assertThat(tasks.size()).isEqualTo(2);
        assertThat(tasks.takeForMigration(8, false)).as("held until a task has run here").isEmpty();
        WorkerRecord r = metrics.record();
        assertThat(r.loadTimes()).containsExactly(7);
        assertThat(r.loadValues()).containsExactly(8);
        // A basic message received: the token this node forwards next is black and counts it.
        handle(Tags.TOKEN, new long[] {0, 0});
        assertThat(termination.whenPassive()).isEqualTo(new Decision(Action.FORWARD, 0, -1, true));
    }

    @Test
    void theTokenGoesToTerminationDetection() {
        assertThat(handle(Tags.TOKEN, new long[] {5, 1})).isFalse();
        assertThat(termination.whenPassive()).isEqualTo(new Decision(Action.FORWARD, 0, 5, true));
        assertThat(said).isEmpty();
    }

    @Test
    void stopSaysSoAndAnUnknownTagIsAnError() {
        assertThat(handle(Tags.STOP, null)).isTrue();
        assertThat(said).isEmpty();
        assertThatThrownBy(() -> handle(99, null)).isInstanceOf(IllegalStateException.class)
                .hasMessage("node 1: unknown message tag 99 from 0");
    }
}
