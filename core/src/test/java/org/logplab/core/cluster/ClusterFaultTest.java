package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import org.agrona.ExpandableArrayBuffer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Message;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.wire.WireCodec;

/** A node that goes silent, and frames that are garbage or lie about where they come from. */
@Timeout(120)
@Tag("slow")
class ClusterFaultTest {

    @Test
    void aSilentNodeFailsTheOthersWithinTheTimeoutNamingItsRanks() throws Exception {
        // The run's own timeout ends the silenced node's ranks, which nobody waits for.
        RunConfig config = RunConfig.builder(LogP.of(100_000, 1_000, 1_000, 6)).clock(ClockKind.WALL)
                .timeout(Duration.ofSeconds(30)).build();
        Duration timeout = Duration.ofMillis(800);
        InMemoryCluster cluster = new InMemoryCluster(Partition.blocks(6, 3), config, new WireCodec(), timeout);
        // A ring that runs until something stops it; node 1 (ranks 2, 3) is silenced mid-run.
        Program ring = p -> {
            int next = (p.rank() + 1) % 6;
            int prev = (p.rank() + 5) % 6;
            for (long i = 0; ; i++) {
                if (p.rank() == 0 && i == 20) {
                    cluster.silence(1);
                }
                p.send(next, 0, i);
                p.recv(prev);
            }
        };
        long t0 = System.nanoTime();
        List<InMemoryCluster.Outcome> outcomes = cluster.run(p -> {
            if (p.rank() / 2 != 1) {
                ring.run(p);
            } else {
                try {
                    ring.run(p);
                } catch (RuntimeException ignored) {
                    // the silenced node's own ranks end however they end
                }
            }
        });
        long elapsedMillis = (System.nanoTime() - t0) / 1_000_000;
        for (int node : new int[] {0, 2}) {
            RuntimeException f = outcomes.get(node).failure();
            assertThat(f).as("node %d", node).isNotNull();
            assertThat(f.getMessage()).contains("node 1 (ranks 2..3)").contains("silent");
        }
        // Generous: the timeout, plus the silenced node's own detection, plus a slow machine.
        assertThat(elapsedMillis).isLessThan(timeout.toMillis() + 20_000);
    }

    @Test
    void garbageAndForgedFramesAreRejectedCountedAndChangeNothing() throws Exception {
        int P = 4;
        RunConfig config = RunConfig.builder(LogP.of(5, 1, 2, P)).build();
        Partition partition = Partition.blocks(P, 2);
        WireCodec codec = new WireCodec();
        AtomicLongArray got = new AtomicLongArray(P);
        Program program = p -> {
            long v = p.rank() + 1;
            for (int step = 1; step < P; step <<= 1) {
                p.send(p.rank() ^ step, 0, v);
                v += p.recv(p.rank() ^ step).asLong();
                p.compute(3);
            }
            got.set(p.rank(), v);
        };
        RunResult single = Machine.run(config, program);
        InMemoryCluster cluster = new InMemoryCluster(partition, config, new WireCodec(), Duration.ofSeconds(10));
        // Garbage (a chunk too short to hold a piece), a data frame with a truncated header, a frame
        // claiming node 0's rank 1 but sent by node 1, a frame for a rank node 1 does not run, and a GO
        // from node 1 (only node 0 says GO).
        cluster.inject(1, 0, new byte[] {1, 2, 3});
        cluster.inject(1, 0, new byte[1 + WireCodec.HEADER_BYTES - 1]);
        cluster.inject(1, 0, frame(codec, new Message(1, 0, 99L, 8, 0, 0), 0));
        cluster.inject(0, 1, frame(codec, new Message(0, 0, 99L, 8, 0, 0), 1));
        cluster.inject(1, 0, new byte[] {4});
        List<InMemoryCluster.Outcome> outcomes = cluster.run(program);
        for (InMemoryCluster.Outcome o : outcomes) {
            assertThat(o.failure()).isNull();
            assertThat(o.result().finishTimes()).isEqualTo(single.finishTimes());
        }
        for (int r = 0; r < P; r++) {
            assertThat(got.get(r)).isEqualTo(1 + 2 + 3 + 4);
        }
        assertThat(cluster.node(0).malformedFrames()).isEqualTo(2);
        assertThat(cluster.node(0).misaddressedFrames()).isEqualTo(2);
        assertThat(cluster.node(1).misaddressedFrames()).isEqualTo(1);
        assertThat(cluster.node(1).lastRejection()).contains("0 -> 1");
    }

    /** A data frame as a node sends it: the kind byte 0, then the wire codec's frame. */
    private static byte[] frame(WireCodec codec, Message m, int destination) {
        ExpandableArrayBuffer b = new ExpandableArrayBuffer();
        int n = codec.encode(m, destination, b, 1);
        byte[] bytes = new byte[1 + n];
        b.getBytes(0, bytes);
        return bytes;
    }
}
