package org.logplab.core;

import static org.logplab.core.Processor.ANY_SOURCE;
import static org.logplab.core.Processor.ANY_TAG;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Seeded random traffic received by every kind of receive, tagged and wildcard, and the checks
 * of MPI's matching rules on what each rank received. Each rank sends its planned messages (to
 * random peers, with random tags, each carrying its sequence number at the sender), looking
 * for messages between sends with polls and deadlines of random filters; then it receives the
 * rest with blocking receives of random forms whose filter some remaining message matches, so
 * that no receive waits for ever. What a rank does depends only on the seed and on what it
 * received, so under the model clock two runs must log the same receipts at the same times.
 *
 * <p>The checks ({@link #verify}): every message sent is received exactly once, and each receipt
 * took, among the messages of its source that its tag filter matches, the first one sent that
 * was not yet received (non-overtaking: per source, in send order, for every tag).
 */
public final class TaggedTraffic implements Program {
    /** Tags are 0 .. TAGS-1. */
    public static final int TAGS = 3;

    /**
     * One message received.
     *
     * @param source its sender
     * @param tag its tag
     * @param seq its sequence number at its sender
     * @param wantedTag the tag the receive asked for ({@link Processor#ANY_TAG}: any)
     * @param now the receiver's clock after the receive
     */
    public record Receipt(int source, int tag, int seq, int wantedTag, long now) {
    }

    /**
     * One planned message.
     *
     * @param source its sender
     * @param destination its receiver
     * @param tag its tag
     * @param seq its sequence number at its sender
     */
    private record Planned(int source, int destination, int tag, int seq) {
    }

    private final long seed;
    private final int processors;
    private final int perRank;
    private final boolean jitter;
    private final boolean anyDrain;
    private final List<List<Planned>> plan = new ArrayList<>();
    private final List<List<Receipt>> received = new ArrayList<>();

    /**
     * Traffic of {@code perRank} messages from each of {@code processors} ranks. {@code jitter}
     * parks and yields at random between operations (different interleavings each run);
     * {@code anyDrain} lets a drain take more than one message (how many depends on the threads'
     * timing, so only where times need not be reproducible).
     */
    public TaggedTraffic(long seed, int processors, int perRank, boolean jitter, boolean anyDrain) {
        this.seed = seed;
        this.processors = processors;
        this.perRank = perRank;
        this.jitter = jitter;
        this.anyDrain = anyDrain;
        for (int r = 0; r < processors; r++) {
            SplittableRandom random = new SplittableRandom(seed * 1_000_003 + r);
            List<Planned> sends = new ArrayList<>();
            for (int i = 0; i < perRank; i++) {
                int dst = (r + 1 + random.nextInt(processors - 1)) % processors;
                sends.add(new Planned(r, dst, random.nextInt(TAGS), i));
            }
            plan.add(sends);
            received.add(new ArrayList<>());
        }
    }

    /** What each rank received, in order (read once the run has ended). */
    public List<List<Receipt>> received() {
        return received;
    }

    @Override
    public void run(Processor p) {
        int me = p.rank();
        SplittableRandom act = new SplittableRandom(seed * 7_777_777 + me);
        int[][] left = new int[processors][TAGS];
        int total = 0;
        for (List<Planned> sends : plan) {
            for (Planned m : sends) {
                if (m.destination() == me) {
                    left[m.source()][m.tag()]++;
                    total++;
                }
            }
        }
        List<Receipt> log = received.get(me);
        for (Planned m : plan.get(me)) {
            pause();
            if (act.nextInt(3) == 0) {
                p.compute(act.nextInt(5));
            }
            if (act.nextInt(3) == 0) {
                int src = act.nextBoolean() ? ANY_SOURCE : act.nextInt(processors);
                int tag = act.nextBoolean() ? ANY_TAG : act.nextInt(TAGS);
                Message got = act.nextBoolean() ? p.poll(src, tag) : p.recvBy(src, tag, p.now() + act.nextInt(12));
                total -= record(p, got, tag, left, log);
            }
            if (act.nextBoolean()) {
                p.sendLong(m.destination(), m.tag(), m.seq());
            } else {
                p.send(m.destination(), m.tag(), (long) m.seq());
            }
        }
        while (total > 0) {
            pause();
            int[] pick = pickRemaining(act, left);
            int src = pick[0];
            int tag = pick[1];
            switch (act.nextInt(8)) {
                case 0 -> total -= record(p, p.recv(src, tag), tag, left, log);
                case 1 -> total -= record(p, p.recv(ANY_SOURCE, tag), tag, left, log);
                case 2 -> total -= record(p, p.recv(src, ANY_TAG), ANY_TAG, left, log);
                case 3 -> total -= record(p, p.recv(src), ANY_TAG, left, log);
                case 4 -> total -= record(p, p.recv(ANY_SOURCE, ANY_TAG), ANY_TAG, left, log);
                case 5 -> total -= record(p, p.recvAny(), ANY_TAG, left, log);
                case 6 -> {
                    int[] n = new int[1];
                    p.drain(src, anyDrain ? 1 + act.nextInt(3) : 1, m -> n[0] += record(p, m, ANY_TAG, left, log));
                    total -= n[0];
                }
                default -> {
                    int from = act.nextBoolean() ? ANY_SOURCE : src;
                    Message got = null;
                    while (got == null) {
                        got = p.recvBy(from, tag, p.now() + act.nextInt(20));
                        if (got == null && p.clock() == ClockKind.WALL) {
                            // A busy poll must let the others run: virtual threads are not preempted,
                            // and two that only yield can keep a parked third from its carrier.
                            LockSupport.parkNanos(1_000);
                        }
                    }
                    total -= record(p, got, tag, left, log);
                }
            }
        }
    }

    /** A source and tag with a message still to come, at random. */
    private int[] pickRemaining(SplittableRandom act, int[][] left) {
        List<int[]> candidates = new ArrayList<>();
        for (int s = 0; s < processors; s++) {
            for (int t = 0; t < TAGS; t++) {
                if (left[s][t] > 0) {
                    candidates.add(new int[] {s, t});
                }
            }
        }
        return candidates.get(act.nextInt(candidates.size()));
    }

    private static int record(Processor p, Message m, int wantedTag, int[][] left, List<Receipt> log) {
        if (m == null) {
            return 0;
        }
        left[m.source()][m.tag()]--;
        log.add(new Receipt(m.source(), m.tag(), (int) m.asLong(), wantedTag, p.now()));
        return 1;
    }

    private void pause() {
        if (!jitter) {
            return;
        }
        int r = ThreadLocalRandom.current().nextInt(8);
        if (r == 0) {
            LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1, 100_000));
        } else if (r == 1) {
            Thread.yield();
        }
    }

    /**
     * Checks what every rank received against the plan: each message exactly once, each receipt
     * the first not yet received of its source among those its tag filter matches.
     *
     * @throws AssertionError naming the first receipt that breaks a rule
     */
    public void verify() {
        for (int me = 0; me < processors; me++) {
            // The messages each source sent to this rank, in send order, not yet received.
            List<List<Planned>> pending = new ArrayList<>();
            for (int s = 0; s < processors; s++) {
                List<Planned> from = new ArrayList<>();
                for (Planned m : plan.get(s)) {
                    if (m.destination() == me) {
                        from.add(m);
                    }
                }
                pending.add(from);
            }
            for (Receipt r : received.get(me)) {
                Planned first = null;
                for (Planned m : pending.get(r.source())) {
                    if (r.wantedTag() == ANY_TAG || m.tag() == r.wantedTag()) {
                        first = m;
                        break;
                    }
                }
                if (first == null || first.seq() != r.seq() || first.tag() != r.tag()) {
                    throw new AssertionError("rank " + me + " received " + r + " but the first matching message"
                            + " of rank " + r.source() + " not yet received is " + first);
                }
                pending.get(r.source()).remove(first);
            }
            for (List<Planned> from : pending) {
                if (!from.isEmpty()) {
                    throw new AssertionError("rank " + me + " never received " + from);
                }
            }
        }
    }

    /** Messages sent in all. */
    public long messages() {
        return (long) processors * perRank;
    }
}
