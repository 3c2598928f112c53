package org.logplab.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.agrona.ExpandableArrayBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.balance.policy.Policies;
import org.logplab.balance.worker.BalanceWire;
import org.logplab.balance.worker.BalanceWireTestAccess;
import org.logplab.balance.worker.WorkerRecord;
import org.logplab.balance.workload.Task;
import org.logplab.core.ClockKind;
import org.logplab.core.Machine;
import org.logplab.core.Message;
import org.logplab.core.RunResult;
import org.logplab.core.cluster.InMemoryCluster;
import org.logplab.core.cluster.Partition;
import org.logplab.core.wire.MalformedFrameException;
import org.logplab.core.wire.WireCodec;

/**
 * The balancers run unchanged with their nodes split over processes (the cluster protocol over
 * in-memory transports): every node executes the same tasks at the same model times as in one
 * process, migrations and termination detection included.
 */
@Timeout(180)
class ClusterBalanceTest {

    @Test
    void everyPolicyGivesTheInProcessScheduleWhenSplitOverProcesses() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 15; trial++) {
            int nodes = random.nextInt(2, 7);
            long[] capacities = random.longs(nodes, 1, 6).toArray();
            String policy = Policies.NAMES.get(trial % Policies.NAMES.size());
            BalanceConfig config = new BalanceConfig(ListedWorkload.random(nodes, random.nextInt(20, 120), 30,
                    random.nextInt(0, 200), random.nextLong()), capacities, Topology.values()[random.nextInt(3)],
                    Policies.parse(policy), random.nextInt(1, 10), random.nextInt(0, 3), random.nextInt(1, 5),
                    ClockKind.MODEL, 1, random.nextLong(), Duration.ofSeconds(60));
            WorkerRecord[] single = new WorkerRecord[nodes];
            RunResult a = Machine.run(BalanceRun.runConfig(config), BalanceRun.program(config, single));

            int processes = random.nextInt(2, nodes + 1);
            WorkerRecord[] split = new WorkerRecord[nodes];
            List<InMemoryCluster.Outcome> outcomes = new InMemoryCluster(Partition.blocks(nodes, processes),
                    BalanceRun.runConfig(config), BalanceWire.codec(), Duration.ofSeconds(20))
                    .run(BalanceRun.program(config, split));
            String what = "trial " + trial + ": " + policy + " on " + nodes + " nodes in " + processes + " processes";
            for (InMemoryCluster.Outcome o : outcomes) {
                assertThat(o.failure()).as(what).isNull();
                assertThat(o.result().finishTimes()).as(what).isEqualTo(a.finishTimes());
            }
            for (int i = 0; i < nodes; i++) {
                assertThat(split[i].executedIds()).as(what + ", node %d", i).isEqualTo(single[i].executedIds());
                assertThat(split[i].lastFinish()).isEqualTo(single[i].lastFinish());
                assertThat(split[i].migratedTasks()).isEqualTo(single[i].migratedTasks());
            }
            long executed = 0;
            for (WorkerRecord r : split) {
                executed += r.executedIds().length;
            }
            assertThat(executed).as(what).isEqualTo(config.workload().released().size());
        }
    }

    @Test
    void aBatchSurvivesTheWireAndABadOneIsRejected() {
        WireCodec codec = BalanceWire.codec();
        Task[] tasks = {new Task(1, 5, 0, 2, 0), new Task(99, 1, 40, 0, 3)};
        Message m = new Message(0, 7, batch(tasks, 123), 72, 10, 20);
        ExpandableArrayBuffer b = new ExpandableArrayBuffer();
        int n = codec.encode(m, 1, b, 0);
        assertThat(n).isEqualTo(WireCodec.HEADER_BYTES + 4 + 2 * Task.WIRE_BYTES + 8);
        Object back = codec.decode(b, 0, n).message().payload();
        assertThat(back).usingRecursiveComparison().isEqualTo(batch(tasks, 123));
        // A task with cost 0 cannot have been written by the codec.
        b.putLong(WireCodec.HEADER_BYTES + 4 + 8, 0);
        assertThatThrownBy(() -> codec.decode(b, 0, n))
                .isInstanceOf(MalformedFrameException.class).hasMessageContaining("cost");
    }

    private static Object batch(Task[] tasks, long work) {
        return BalanceWireTestAccess.batch(tasks, work);
    }
}
