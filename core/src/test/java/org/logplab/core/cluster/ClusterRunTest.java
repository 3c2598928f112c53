package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Message;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.allreduce.ButterflyAllReduce;
import org.logplab.core.collective.broadcast.OptimalBroadcast;
import org.logplab.core.collective.summation.OptimalSummation;
import org.logplab.core.collective.summation.SummationPlan;
import org.logplab.core.wire.WireCodec;

/**
 * The cluster protocol on in-memory transports: the same programs split over 2-4 nodes give the
 * same results and the same model times as in one process, recvAny included; deadlocks and
 * failures end the run on every node.
 */
@Timeout(120)
class ClusterRunTest {
    private static final Duration PEER_TIMEOUT = Duration.ofSeconds(10);

    /** Runs {@code program} in one process and split over {@code partition}; asserts equal times and counts. */
    private static RunResult sameAsInProcess(RunConfig config, Partition partition, Program program) throws Exception {
        RunResult single = Machine.run(config, program);
        List<InMemoryCluster.Outcome> outcomes = new InMemoryCluster(partition, config, new WireCodec(), PEER_TIMEOUT)
                .run(program);
        for (InMemoryCluster.Outcome o : outcomes) {
            if (o.failure() != null) {
                throw new AssertionError("a node failed", o.failure());
            }
            assertThat(o.result().finishTimes()).as("finish times on %s", partition).isEqualTo(single.finishTimes());
            for (int r = 0; r < config.params().P(); r++) {
                assertThat(o.result().sent(r)).isEqualTo(single.sent(r));
                assertThat(o.result().received(r)).isEqualTo(single.received(r));
            }
            assertThat(o.result().inFlight()).isEqualTo(single.inFlight());
            assertThat(o.node().malformedFrames() + o.node().misaddressedFrames()).isZero();
        }
        return outcomes.get(0).result();
    }

    private static Partition randomPartition(Random random, int P) {
        int nodes = 2 + random.nextInt(Math.min(3, P - 1));
        int[] sizes = new int[nodes];
        Arrays.fill(sizes, 1);
        for (int left = P - nodes; left > 0; left--) {
            sizes[random.nextInt(nodes)]++;
        }
        return Partition.ofSizes(sizes);
    }

    @Test
    void collectivesGiveTheInProcessResultsAndModelTimes() throws Exception {
        Random random = new Random(7);
        for (int trial = 0; trial < 12; trial++) {
            int P = 2 + random.nextInt(11);
            LogP params = LogP.of(1 + random.nextInt(9), random.nextInt(4), 1 + random.nextInt(6), P);
            RunConfig config = RunConfig.builder(params).build();
            Partition partition = randomPartition(random, P);
            int root = random.nextInt(P);

            AtomicLongArray got = new AtomicLongArray(P);
            sameAsInProcess(config, partition, p -> got.set(p.rank(),
                    (Long) new OptimalBroadcast().broadcast(p, Group.all(P, root), p.rank() == root ? 4242L : null)));
            for (int r = 0; r < P; r++) {
                assertThat(got.get(r)).isEqualTo(4242L);
            }

            RunResult all = sameAsInProcess(config, partition, p -> got.set(p.rank(),
                    new ButterflyAllReduce().allReduce(p, Group.all(P, 0), 7L * p.rank() + 3, Long::sum, 1)));
            long expected = 7L * P * (P - 1) / 2 + 3L * P;
            for (int r = 0; r < P; r++) {
                assertThat(got.get(r)).isEqualTo(expected);
            }
            assertThat(all.makespan()).isEqualTo(new ButterflyAllReduce().predict(params, P, 1));

            long n = 1 + random.nextInt(300);
            SummationPlan plan = SummationPlan.of(params, P, n);
            RunResult sum = sameAsInProcess(config, partition, p -> {
                OptionalLong total = new OptimalSummation().sum(p, Group.all(P, root), plan, j -> 3 * j + 1, Long::sum);
                got.set(p.rank(), total.orElse(-1));
            });
            assertThat(got.get(root)).isEqualTo(3 * n * (n - 1) / 2 + n);
            assertThat(sum.makespan()).isEqualTo(plan.time());
        }
    }

    /** Random traffic received with recvAny and recvAnyBy: the hardest case for the cluster's rule. */
    private static Program recvAnyTraffic(long seed, int rounds, long[][] order) {
        return p -> {
            int P = p.size();
            SplittableRandom random = new SplittableRandom(seed * 1000 + p.rank());
            int me = p.rank();
            for (int i = 0; i < rounds; i++) {
                p.compute(random.nextInt(6));
                p.send((me + 1 + random.nextInt(P - 1)) % P, i, (long) me);
            }
            // Everyone sends `rounds` messages; the receivers learn how many to expect from a count.
            for (int dst = 0; dst < P; dst++) {
                if (dst != me) {
                    p.send(dst, -1, -1L);
                }
            }
            int ends = 0;
            int k = 0;
            while (ends < P - 1) {
                Message m = (k % 3 == 2) ? p.recvAnyBy(p.now() + random.nextInt(20)) : p.recvAny();
                if (m == null) {
                    continue;
                }
                if (m.tag() == -1) {
                    ends++;
                } else if (k < order[me].length) {
                    order[me][k] = m.source() * 100_000L + m.arrival();
                }
                k++;
            }
        };
    }

    @Test
    void recvAnyIsResolvedOverTheWholeClusterAsInOneProcess() throws Exception {
        Random random = new Random(11);
        for (int trial = 0; trial < 40; trial++) {
            int P = 2 + random.nextInt(6);
            LogP params = LogP.of(1 + random.nextInt(8), random.nextInt(3), 1 + random.nextInt(4), P);
            RunConfig config = RunConfig.builder(params).build();
            long[][] single = new long[P][64];
            long[][] split = new long[P][64];
            Partition partition = randomPartition(random, P);
            RunResult a = Machine.run(config, recvAnyTraffic(trial, 8, single));
            List<InMemoryCluster.Outcome> outcomes = new InMemoryCluster(partition, config, new WireCodec(),
                    PEER_TIMEOUT)
                    .run(recvAnyTraffic(trial, 8, split));
            for (InMemoryCluster.Outcome o : outcomes) {
                assertThat(o.failure()).as("failure").isNull();
                assertThat(o.result().finishTimes()).as("trial %d on %s", trial, partition).isEqualTo(a.finishTimes());
                assertThat(o.node().malformedFrames() + o.node().misaddressedFrames()).isZero();
            }
            assertThat(split).isDeepEqualTo(single);
        }
    }

    @Test
    void aDeadlockAcrossNodesFailsEveryNodeAndSaysWhoWaits() throws Exception {
        RunConfig config = RunConfig.builder(LogP.of(5, 1, 2, 4)).build();
        List<InMemoryCluster.Outcome> outcomes = new InMemoryCluster(Partition.blocks(4, 2), config, new WireCodec(),
                PEER_TIMEOUT)
                .run(p -> p.recv((p.rank() + 2) % 4));
        for (InMemoryCluster.Outcome o : outcomes) {
            assertThat(o.failure()).isNotNull();
            assertThat(o.failure().getMessage()).contains("deadlock").contains("rank 0 waits to receive from rank 2")
                    .contains("rank 3 waits to receive from rank 1");
        }
    }

    @Test
    void aFailingRankFailsEveryNodeAndIsNamed() throws Exception {
        RunConfig config = RunConfig.builder(LogP.of(5, 1, 2, 6)).clock(ClockKind.WALL).build();
        List<InMemoryCluster.Outcome> outcomes = new InMemoryCluster(Partition.blocks(6, 3), config, new WireCodec(),
                PEER_TIMEOUT)
                .run(p -> {
                    if (p.rank() == 4) {
                        throw new IllegalStateException("boom at four");
                    }
                    p.recv((p.rank() + 1) % 6);
                });
        for (InMemoryCluster.Outcome o : outcomes) {
            assertThat(o.failure()).isNotNull();
            assertThat(o.failure().getMessage()).contains("rank 4").contains("boom at four");
        }
    }

    @Test
    void wallClockMessagesArriveLAfterTheTransportDeliversThem() throws Exception {
        long latency = 2_000_000;
        RunConfig config = RunConfig.builder(LogP.of(latency, 0, 0, 2)).clock(ClockKind.WALL).build();
        long[] roundTrip = new long[1];
        List<InMemoryCluster.Outcome> outcomes = new InMemoryCluster(Partition.blocks(2, 2), config, new WireCodec(),
                PEER_TIMEOUT)
                .run(p -> {
                    if (p.rank() == 0) {
                        long t = System.nanoTime();
                        for (int i = 0; i < 5; i++) {
                            p.send(1, i, (long) i);
                            assertThat(p.recv(1).asLong()).isEqualTo(i);
                        }
                        roundTrip[0] = (System.nanoTime() - t) / 5;
                    } else {
                        for (int i = 0; i < 5; i++) {
                            p.send(0, i, p.recv(0).payload());
                        }
                    }
                });
        for (InMemoryCluster.Outcome o : outcomes) {
            assertThat(o.failure()).isNull();
        }
        // A lower bound only: two injected latencies per round trip; the upper side is the transport's.
        assertThat(roundTrip[0]).isGreaterThanOrEqualTo(2 * latency);
    }
}
