package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Model-clock times must not depend on how the threads interleave, even with {@code recvAny}:
 * the same recvAny-heavy programs run many times with random real sleeps injected between
 * operations, and every run must report the same times and the same receive order.
 */
class DeterminismTest {

    /** Sleeps up to 200 us at random, so that threads interleave differently in each run. */
    private static void jitter() {
        int r = ThreadLocalRandom.current().nextInt(4);
        if (r == 0) {
            LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1, 200_000));
        } else if (r == 1) {
            Thread.yield();
        }
    }

    /** Many-to-one: workers with varied compute send several results; the root takes them with recvAny. */
    private static String manyToOne(boolean jitter) {
        int workers = 15;
        int perWorker = 4;
        List<String> log = new ArrayList<>();
        RunResult r = Machine.run(LogP.of(7, 2, 3, workers + 1), ClockKind.MODEL, p -> {
            if (p.rank() == 0) {
                for (int i = 0; i < workers * perWorker; i++) {
                    if (jitter) {
                        jitter();
                    }
                    Message m = p.recvAny();
                    log.add(m.source() + "@" + m.arrival() + "/" + p.now());
                }
            } else {
                SplittableRandom costs = new SplittableRandom(p.rank());
                for (int i = 0; i < perWorker; i++) {
                    if (jitter) {
                        jitter();
                    }
                    p.compute(costs.nextInt(1, 40));
                    p.send(0, i, (long) i);
                }
            }
        });
        return Arrays.toString(r.finishTimes()) + " " + log;
    }

    /**
     * Everyone receives with recvAny: in round {@code i} each processor sends to the peer
     * {@code i + 1} ranks ahead, so each receives exactly one message per round, but with
     * payload-dependent compute the messages of different rounds overtake each other.
     */
    private static String tokenGame(boolean jitter) {
        int n = 9;
        int rounds = 6;
        long[][] seen = new long[n][rounds];
        RunResult r = Machine.run(LogP.of(4, 1, 2, n), ClockKind.MODEL, p -> {
            int me = p.rank();
            p.compute(me % 3);
            p.send((me + 1) % n, 0, (long) me);
            for (int i = 0; i < rounds; i++) {
                if (jitter) {
                    jitter();
                }
                Message m = p.recvAny();
                long v = m.asLong() * 31 + me;
                seen[me][i] = m.source() * 1_000_000L + m.arrival();
                if (i < rounds - 1) {
                    p.compute(v % 5);
                    p.send((me + 2 + i) % n, 0, v % 1000);
                }
            }
        });
        return Arrays.toString(r.finishTimes()) + " " + Arrays.deepToString(seen) + " left " + r.inFlight();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void manyToOneRecvAnyGivesIdenticalTimesOverFiftyJitteredRuns() {
        String reference = manyToOne(false);
        for (int run = 0; run < 50; run++) {
            assertThat(manyToOne(true)).as("run %d", run).isEqualTo(reference);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyoneUsingRecvAnyGivesIdenticalTimesOverFiftyJitteredRuns() {
        String reference = tokenGame(false);
        for (int run = 0; run < 50; run++) {
            assertThat(tokenGame(true)).as("run %d", run).isEqualTo(reference);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void platformAndVirtualThreadsAgree() {
        RunConfig.Builder base = RunConfig.builder(LogP.of(3, 1, 2, 6));
        Program program = p -> {
            if (p.rank() == 0) {
                for (int i = 0; i < 5; i++) {
                    p.recvAny();
                }
            } else {
                p.compute(10 - p.rank());
                p.send(0, 0, 1L);
            }
        };
        long[] virtual = base.threads(ThreadKind.VIRTUAL).run(program).finishTimes();
        long[] platform = base.threads(ThreadKind.PLATFORM).run(program).finishTimes();
        assertThat(platform).containsExactly(virtual);
    }
}
