package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.wire.WireCodec;

/**
 * Who may call a node's frame handler, now that a rank waiting for a message polls the transport
 * itself beside the node's receiving thread: many runs with random ranks per node, random traffic
 * and random pauses inside the handler (so that pollers overlap whenever the receive turn lets
 * them). The transport here counts the threads inside the handler of each node: never more than
 * one. The programs check that every message between ranks is received exactly once and, per
 * sender, in the order sent.
 */
@Timeout(300)
class ReceiveTurnStressTest {
    private static final int RUNS = 300;

    /** How many messages rank {@code from} sends rank {@code to} in run {@code seed}: 0..12, known to both. */
    private static int count(long seed, int from, int to) {
        return new SplittableRandom(seed * 1_000_003L + from * 1009L + to).nextInt(13);
    }

    /**
     * Each rank sends every other rank its {@link #count} messages numbered 0, 1, ..., in a random
     * interleaving over the destinations, then takes what it is due in a random mix of receives
     * from one source and from any, checking that each source's numbers come in order, once each.
     */
    private static Program traffic(long seed) {
        return p -> {
            int size = p.size();
            int me = p.rank();
            SplittableRandom random = new SplittableRandom(seed * 31 + me);
            int[] sent = new int[size];
            List<Integer> left = new ArrayList<>();
            for (int dst = 0; dst < size; dst++) {
                for (int i = 0; dst != me && i < count(seed, me, dst); i++) {
                    left.add(dst);
                }
            }
            while (!left.isEmpty()) {
                int dst = left.remove(random.nextInt(left.size()));
                p.compute(random.nextInt(3));
                p.sendLong(dst, 0, sent[dst]++);
            }
            int[] next = new int[size];
            int due = 0;
            for (int src = 0; src < size; src++) {
                due += src == me ? 0 : count(seed, src, me);
            }
            for (int got = 0; got < due; got++) {
                Message m;
                if (random.nextBoolean()) {
                    m = p.recvAny();
                } else {
                    int src = random.nextInt(size);
                    while (src == me || next[src] == count(seed, src, me)) {
                        src = (src + 1) % size;
                    }
                    m = p.recv(src);
                }
                int src = m.source();
                assertThat(next[src]).as("rank %d: a message from rank %d beyond the %d it sends", me, src,
                        count(seed, src, me)).isLessThan(count(seed, src, me));
                assertThat(m.asLong()).as("rank %d: the next message from rank %d", me, src).isEqualTo(next[src]);
                next[src]++;
            }
        };
    }

    /** Frames between the nodes of one run, in queues, with the handler's callers counted. */
    private static final class WatchedNet {
        private record Frame(int from, byte[] bytes) {
        }

        private final List<ConcurrentLinkedQueue<Frame>> inboxes = new ArrayList<>();
        private final AtomicInteger[] inside;
        private final ClusterNode[] nodes;
        final AtomicInteger overlaps = new AtomicInteger();
        final AtomicLong byRanks = new AtomicLong();
        final AtomicLong byReceivingThreads = new AtomicLong();

        WatchedNet(Partition partition, RunConfig config) {
            int n = partition.nodes();
            inside = new AtomicInteger[n];
            nodes = new ClusterNode[n];
            for (int i = 0; i < n; i++) {
                inboxes.add(new ConcurrentLinkedQueue<>());
                inside[i] = new AtomicInteger();
            }
            for (int i = 0; i < n; i++) {
                nodes[i] = new ClusterNode(partition, i, config, new WireCodec(), transport(i),
                        Duration.ofSeconds(20), Duration.ofSeconds(20));
            }
        }

        private Transport transport(int me) {
            return new Transport() {
                @Override
                public boolean send(int node, DirectBuffer buffer, int offset, int length) {
                    byte[] copy = new byte[length];
                    buffer.getBytes(offset, copy);
                    inboxes.get(node).add(new Frame(me, copy));
                    return true;
                }

                @Override
                public int poll() {
                    int limit = ThreadLocalRandom.current().nextInt(1, 5);
                    int n = 0;
                    Frame f;
                    while (n < limit && (f = inboxes.get(me).poll()) != null) {
                        handle(me, f);
                        n++;
                    }
                    return n;
                }

                @Override
                public int maxFrameLength() {
                    return 1 << 20;
                }
            };
        }

        private void handle(int me, Frame f) {
            if (inside[me].incrementAndGet() != 1) {
                overlaps.incrementAndGet();
            }
            try {
                (Thread.currentThread().getName().startsWith("receiving-") ? byReceivingThreads : byRanks)
                        .incrementAndGet();
                if (ThreadLocalRandom.current().nextInt(4) == 0) {
                    Thread.yield(); // a window for a second poller, were the turn to let one in
                }
                nodes[me].onFrame(f.from(), new UnsafeBuffer(f.bytes()), 0, f.bytes().length);
            } finally {
                inside[me].decrementAndGet();
            }
        }

        /** Runs {@code program} on every node, each with its receiving thread; every node's result. */
        List<RunResult> run(Program program) throws InterruptedException {
            List<Thread> threads = new ArrayList<>();
            RunResult[] results = new RunResult[nodes.length];
            RuntimeException[] failures = new RuntimeException[nodes.length];
            for (int i = 0; i < nodes.length; i++) {
                ClusterNode node = nodes[i];
                int me = i;
                threads.add(Thread.ofPlatform().name("receiving-" + i).start(() -> {
                    while (!node.finished()) {
                        if (node.serve() == 0) {
                            LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1_000, 30_000));
                        }
                    }
                }));
                threads.add(Thread.ofPlatform().name("node-" + i).start(() -> {
                    try {
                        results[me] = node.run(program);
                    } catch (RuntimeException e) {
                        failures[me] = e;
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            for (int i = 0; i < nodes.length; i++) {
                assertThat(failures[i]).as("node %d", i).isNull();
            }
            return List.of(results);
        }
    }

    @Test
    void oneThreadAtATimeHandlesFramesAndEveryMessageArrivesOnceInItsSendersOrder() throws Exception {
        SplittableRandom random = new SplittableRandom(20261128);
        long byRanks = 0;
        long byReceivingThreads = 0;
        for (int run = 0; run < RUNS; run++) {
            int nodes = random.nextInt(2, 5);
            int[] sizes = new int[nodes];
            int p = 0;
            for (int i = 0; i < nodes; i++) {
                sizes[i] = random.nextInt(1, 4);
                p += sizes[i];
            }
            boolean wall = random.nextBoolean();
            LogP params = wall ? LogP.of(random.nextInt(0, 20_000), random.nextInt(0, 2_000), 0, p)
                    : LogP.of(random.nextInt(0, 10), random.nextInt(0, 3), random.nextInt(0, 5), p);
            RunConfig config = RunConfig.builder(params).clock(wall ? ClockKind.WALL : ClockKind.MODEL)
                    .timeout(Duration.ofSeconds(60)).build();
            String what = "run " + run + ": ranks per node " + java.util.Arrays.toString(sizes) + ", " + params + " "
                    + config.clock();

            WatchedNet net = new WatchedNet(Partition.ofSizes(sizes), config);
            List<RunResult> results = net.run(traffic(run));

            // Messages sent: the sum over ordered pairs of count(from, to), as the programs send them.
            long messages = 0;
            for (int from = 0; from < p; from++) {
                for (int to = 0; to < p; to++) {
                    messages += from == to ? 0 : count(run, from, to);
                }
            }
            assertThat(net.overlaps.get()).as("%s: callers of the frame handler that overlapped", what).isZero();
            for (RunResult r : results) {
                assertThat(r.messagesSent()).as(what).isEqualTo(messages);
                assertThat(r.messagesReceived()).as(what).isEqualTo(messages);
                assertThat(r.inFlight()).as(what).isEmpty();
            }
            byRanks += net.byRanks.get();
            byReceivingThreads += net.byReceivingThreads.get();
        }
        // Both kinds of poller took part, so the turn was contended, not merely uncontested.
        assertThat(byRanks).as("frames handled by waiting ranks").isPositive();
        assertThat(byReceivingThreads).as("frames handled by receiving threads").isPositive();
    }
}
