package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
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
 * Frames longer than the transport carries travel in chunks: with the in-memory transport's
 * longest frame cut to a few hundred bytes, messages of up to tens of kilobytes (and the
 * coordinator's reports and END of many ranks) cross in chunks, interleaved with short frames from
 * other threads, and arrive whole, each exactly once, with the model times of the in-process run.
 */
@Timeout(300)
class ClusterChunkingTest {

    /** Element {@code i} of message {@code id}'s payload: the receiver recomputes it. */
    private static long element(long id, int i) {
        return id * 1_000_003L + i * 31L + 7;
    }

    /**
     * Each rank sends {@code count} messages to random ranks, every other one a long[] of up to
     * {@code maxLength} elements (the rest a lone Long), announces how many each rank gets, and
     * receives until it has them all, checking every element and marking each message seen.
     */
    private static Program traffic(long seed, int count, int maxLength, AtomicIntegerArray seen) {
        return p -> {
            int P = p.size();
            int me = p.rank();
            SplittableRandom random = new SplittableRandom(seed * 7919 + me);
            int[] toEach = new int[P];
            for (int i = 0; i < count; i++) {
                int dst = (me + 1 + random.nextInt(P - 1)) % P;
                toEach[dst]++;
                long id = (long) me * count + i;
                if (i % 2 == 0) {
                    long[] a = new long[1 + random.nextInt(maxLength)];
                    a[0] = id;
                    for (int k = 1; k < a.length; k++) {
                        a[k] = element(id, k);
                    }
                    p.send(dst, 0, a);
                } else {
                    p.send(dst, 0, id);
                }
                p.compute(random.nextInt(3));
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
                Message m = p.recvAny();
                if (m.tag() == 1) {
                    counts++;
                    expected += m.asLong();
                    continue;
                }
                long id;
                if (m.payload() instanceof long[] a) {
                    id = a[0];
                    for (int k = 1; k < a.length; k++) {
                        assertThat(a[k]).as("element %d of message %d", k, id).isEqualTo(element(id, k));
                    }
                } else {
                    id = m.asLong();
                }
                got++;
                assertThat(seen.getAndIncrement((int) id)).as("message %d received twice", id).isZero();
            }
        };
    }

    @Test
    void longMessagesArriveWholeOnceWithTheInProcessModelTimes() throws Exception {
        SplittableRandom random = new SplittableRandom(20261125);
        for (int run = 0; run < 60; run++) {
            int P = random.nextInt(2, 17);
            int count = random.nextInt(1, 12);
            int maxLength = random.nextInt(1, 5_000);
            int maxFrame = random.nextInt(64, 4_096);
            boolean wall = run % 4 == 3;
            LogP params = wall ? LogP.of(random.nextInt(0, 20_000), random.nextInt(0, 2_000), random.nextInt(0, 2_000),
                    P)
                    : LogP.of(random.nextInt(0, 10), random.nextInt(0, 3), random.nextInt(0, 5), P);
            RunConfig config = RunConfig.builder(params).clock(wall ? ClockKind.WALL : ClockKind.MODEL)
                    .timeout(Duration.ofSeconds(60)).build();
            int nodes = random.nextInt(2, Math.min(P, 4) + 1);
            String what = "run " + run + ": P=" + P + " " + config.clock() + " on " + nodes
                    + " nodes, frames of at most "
                    + maxFrame + " bytes, arrays of up to " + maxLength;

            AtomicIntegerArray seen = new AtomicIntegerArray(P * count);
            InMemoryCluster cluster = new InMemoryCluster(Partition.blocks(P, nodes), config, new WireCodec(),
                    Duration.ofSeconds(20))
                    .maxFrameLength(maxFrame).jitter(random.nextInt(0, 2) * 20_000L);
            List<InMemoryCluster.Outcome> outcomes = cluster.run(traffic(run, count, maxLength, seen));
            for (InMemoryCluster.Outcome o : outcomes) {
                assertThat(o.failure()).as(what).isNull();
                assertThat(o.result().messagesSent()).as(what).isEqualTo((long) P * count + (long) P * (P - 1));
                assertThat(o.result().messagesReceived()).as(what).isEqualTo(o.result().messagesSent());
                assertThat(o.node().malformedFrames() + o.node().misaddressedFrames() + o.node().incompleteFrames())
                        .as(what).isZero();
            }
            for (int i = 0; i < P * count; i++) {
                assertThat(seen.get(i)).as("%s: message %d", what, i).isEqualTo(1);
            }
            if (!wall) {
                RunResult single = Machine.run(config, traffic(run, count, maxLength,
                        new AtomicIntegerArray(P * count)));
                assertThat(outcomes.get(0).result().finishTimes()).as(what).isEqualTo(single.finishTimes());
            }
        }
    }

    @Test
    void aSenderLostMidFrameIsNamedWithHowMuchOfTheFrameHadCome() throws Exception {
        RunConfig config = RunConfig.builder(LogP.of(10_000, 1_000, 1_000, 4)).clock(ClockKind.WALL)
                .timeout(Duration.ofSeconds(30)).build();
        InMemoryCluster cluster = new InMemoryCluster(Partition.blocks(4, 2), config, new WireCodec(),
                Duration.ofMillis(600));
        // The first of four chunks of a 4,000-byte frame from node 1, then node 1 falls silent.
        byte[] chunk = new byte[FrameSplitter.CHUNK_HEADER + 1_000];
        org.agrona.concurrent.UnsafeBuffer b = new org.agrona.concurrent.UnsafeBuffer(chunk);
        b.putByte(0, FrameKind.CHUNK.code);
        b.putInt(1, 4_000);
        b.putInt(5, 0);
        Program ring = p -> {
            for (long i = 0; ; i++) {
                if (p.rank() == 0 && i == 20) {
                    cluster.inject(1, 0, chunk);
                    Thread.sleep(200);
                    cluster.silence(1);
                }
                p.send((p.rank() + 1) % 4, 0, i);
                p.recv((p.rank() + 3) % 4);
            }
        };
        List<InMemoryCluster.Outcome> outcomes = cluster.run(p -> {
            try {
                ring.run(p);
            } catch (RuntimeException e) {
                if (p.rank() < 2) {
                    throw e;
                }
            }
        });
        RuntimeException failure = outcomes.get(0).failure();
        assertThat(failure).isNotNull();
        assertThat(failure.getMessage()).contains("node 1 (ranks 2..3)").contains("silent")
                .contains("1,000 of 4,000 bytes of a frame from it had come; the frame was discarded");
        assertThat(outcomes.get(0).node().incompleteFrames()).isEqualTo(1);
    }
}
