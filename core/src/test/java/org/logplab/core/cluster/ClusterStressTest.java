package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
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

/**
 * Many cluster runs with random sizes, partitions, parameters, clocks and random pauses before
 * every frame's delivery: every message sent is received exactly once (checked message by message
 * by the programs), the counts balance, and model times equal the in-process run's every time.
 */
@Timeout(300)
@Tag("slow")
class ClusterStressTest {

    /**
     * Each rank sends {@code count} numbered messages to random ranks, announces how many each
     * rank gets, and receives with recvAny (and recvAnyBy) until it has them all; marks each
     * (source, number) received.
     */
    private static Program traffic(long seed, int count, AtomicIntegerArray seen) {
        return p -> {
            int P = p.size();
            int me = p.rank();
            SplittableRandom random = new SplittableRandom(seed * 7919 + me);
            int[] toEach = new int[P];
            for (int i = 0; i < count; i++) {
                int dst = random.nextInt(P);
                if (dst == me) {
                    dst = (dst + 1) % P;
                }
                toEach[dst]++;
                p.compute(random.nextInt(4));
                p.send(dst, 0, (long) me * count + i);
            }
            for (int dst = 0; dst < P; dst++) {
                if (dst != me) {
                    p.send(dst, 1, (long) toEach[dst]);
                }
            }
            int counts = 0;
            long expected = 0;
            long got = 0;
            while (counts < P - 1 || got < expected) {
                Message m = random.nextInt(4) == 0 ? p.recvAnyBy(p.now() + random.nextInt(10)) : p.recvAny();
                if (m == null) {
                    continue;
                }
                if (m.tag() == 1) {
                    counts++;
                    expected += m.asLong();
                } else {
                    got++;
                    assertThat(seen.getAndIncrement((int) m.asLong())).as("message %d received twice", m.asLong())
                            .isZero();
                }
            }
        };
    }

    @Test
    void everyMessageIsReceivedOnceAndModelTimesNeverDepartFromTheInProcessRun() throws Exception {
        SplittableRandom random = new SplittableRandom(20261123);
        for (int run = 0; run < 200; run++) {
            int P = random.nextInt(2, 9);
            int count = random.nextInt(1, 25);
            boolean wall = run % 5 == 4;
            LogP params = wall ? LogP.of(random.nextInt(0, 50_000), random.nextInt(0, 5_000), random.nextInt(0, 5_000),
                    P)
                    : LogP.of(random.nextInt(0, 10), random.nextInt(0, 3), random.nextInt(0, 5), P);
            RunConfig config = RunConfig.builder(params).clock(wall ? ClockKind.WALL : ClockKind.MODEL)
                    .timeout(Duration.ofSeconds(60)).build();
            int nodes = random.nextInt(2, Math.min(P, 4) + 1);
            Partition partition = Partition.blocks(P, nodes);
            String what = "run " + run + ": P=" + P + " " + params + " " + config.clock() + " on " + nodes + " nodes";

            AtomicIntegerArray seen = new AtomicIntegerArray(P * count);
            List<InMemoryCluster.Outcome> outcomes = new InMemoryCluster(partition, config, new WireCodec(),
                    Duration.ofSeconds(20))
                    .jitter(random.nextInt(0, 3) * 50_000L).run(traffic(run, count, seen));
            for (InMemoryCluster.Outcome o : outcomes) {
                assertThat(o.failure()).as(what).isNull();
                assertThat(o.result().messagesSent()).as(what).isEqualTo((long) P * count + (long) P * (P - 1));
                assertThat(o.result().messagesReceived()).as(what).isEqualTo(o.result().messagesSent());
                assertThat(o.result().inFlight()).as(what).isEmpty();
            }
            for (int i = 0; i < P * count; i++) {
                assertThat(seen.get(i)).as("%s: message %d", what, i).isEqualTo(1);
            }
            if (!wall) {
                AtomicIntegerArray again = new AtomicIntegerArray(P * count);
                RunResult single = Machine.run(config, traffic(run, count, again));
                assertThat(outcomes.get(0).result().finishTimes()).as(what).isEqualTo(single.finishTimes());
            }
        }
    }
}
