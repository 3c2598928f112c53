package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.logplab.core.Processor.ANY_SOURCE;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.TaggedTraffic;
import org.logplab.core.wire.WireCodec;

/**
 * Receives matched by source and tag on a run split over processes (in-memory transports): the
 * same receipts at the same model times as in one process, and a deadlock on a tagged receive
 * named with its tag on every node.
 */
@Timeout(120)
class ClusterTaggedReceiveTest {
    private static final Duration PEER_TIMEOUT = Duration.ofSeconds(10);

    @Test
    void taggedTrafficGivesTheInProcessReceiptsAndModelTimes() throws Exception {
        Random random = new Random(30);
        for (int trial = 0; trial < 12; trial++) {
            int processors = 2 + random.nextInt(5);
            LogP params = LogP.of(1 + random.nextInt(8), random.nextInt(3), 1 + random.nextInt(4), processors);
            RunConfig config = RunConfig.builder(params).clock(ClockKind.MODEL).build();
            TaggedTraffic single = new TaggedTraffic(trial, processors, 10, false, false);
            RunResult a = Machine.run(config, single);
            single.verify();
            int nodes = 2 + random.nextInt(processors - 1);
            int[] sizes = new int[nodes];
            Arrays.fill(sizes, 1);
            for (int extra = processors - nodes; extra > 0; extra--) {
                sizes[random.nextInt(nodes)]++;
            }
            Partition partition = Partition.ofSizes(sizes);
            TaggedTraffic split = new TaggedTraffic(trial, processors, 10, false, false);
            List<InMemoryCluster.Outcome> outcomes = new InMemoryCluster(partition, config, new WireCodec(),
                    PEER_TIMEOUT).run(split);
            for (InMemoryCluster.Outcome o : outcomes) {
                assertThat(o.failure()).as("failure").isNull();
                assertThat(o.result().finishTimes()).as("trial %d on %s", trial, partition).isEqualTo(a.finishTimes());
                assertThat(o.result().inFlight()).isEmpty();
            }
            // Each rank ran on one node: its receipts are in that node's copy of the program.
            assertThat(split.received()).as("trial %d on %s", trial, partition).isEqualTo(single.received());
        }
    }

    @Test
    void aTaggedDeadlockAcrossNodesNamesTheTags() throws Exception {
        RunConfig config = RunConfig.builder(LogP.of(5, 1, 2, 4)).clock(ClockKind.MODEL).build();
        List<InMemoryCluster.Outcome> outcomes = new InMemoryCluster(Partition.blocks(4, 2), config, new WireCodec(),
                PEER_TIMEOUT).run(p -> {
                    switch (p.rank()) {
                        case 0 -> p.recv(ANY_SOURCE, 5);
                        case 3 -> p.recv(1, 7);
                        default -> p.send(0, 1, null);
                    }
                });
        for (InMemoryCluster.Outcome o : outcomes) {
            assertThat(o.failure()).isNotNull();
            assertThat(o.failure().getMessage()).contains("deadlock")
                    .contains("rank 0 waits to receive from any rank with tag 5")
                    .contains("rank 3 waits to receive from rank 1 with tag 7");
        }
    }
}
