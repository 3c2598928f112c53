package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A machine that stays up, stressed: 1,000 consecutive runs on one machine, on each clock and
 * thread kind, mixing random traffic (some of it left unreceived), injected failures, deadlocks
 * and time-outs. Every message is received exactly once in the run that sent it, nothing of one
 * run is seen by the next (each message carries its run's number), the same threads serve every
 * run, and after close none of them is alive.
 */
@Tag("slow")
class MachineStressTest {
    private static final int RUNS = 1000;

    private enum Kind { TRAFFIC, FAILURE, DEADLOCK, TIMEOUT }

    /**
     * What ends the TIMEOUT runs. Every other run takes microseconds, but a loaded host can stall a
     * thread for a good fraction of a second: the margin keeps them from timing out by accident.
     */
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(1);

    @ParameterizedTest(name = "{0} clock, {1} threads")
    @CsvSource({"MODEL, VIRTUAL", "MODEL, PLATFORM", "WALL, PLATFORM", "WALL, VIRTUAL"})
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void thousandRunsWithFailuresAbortsAndTimeoutsLoseNothingAndLeakNoThread(ClockKind clock, ThreadKind threads) {
        SplittableRandom random = new SplittableRandom(20261124L + clock.ordinal() * 31 + threads.ordinal());
        int n = random.nextInt(2, 6);
        RunConfig config = RunConfig.builder(LogP.of(random.nextInt(0, 200), random.nextInt(0, 20),
                random.nextInt(0, 50), n))
                .clock(clock).threads(threads).timeout(RUN_TIMEOUT).channelCapacity(16).build();
        Set<Thread> seen = ConcurrentHashMap.newKeySet();
        int[] outcomes = new int[Kind.values().length];
        Machine machine = Machine.open(config);
        try {
            for (int run = 0; run < RUNS; run++) {
                int roll = random.nextInt(100);
                Kind kind = roll < 85 ? Kind.TRAFFIC : roll < 93 ? Kind.FAILURE : roll < 98 ? Kind.DEADLOCK
                        : Kind.TIMEOUT;
                String where = "run " + run + " (" + kind + ")";
                switch (kind) {
                    case TRAFFIC -> traffic(machine, random, run, n, seen, where);
                    case FAILURE -> {
                        int culprit = random.nextInt(n);
                        RunFailedException e = catchThrowableOfType(RunFailedException.class, () -> machine.run(p -> {
                            seen.add(Thread.currentThread());
                            p.sendLong((p.rank() + 1) % n, 1, p.rank());
                            if (p.rank() == culprit) {
                                throw new IllegalStateException("injected in " + where);
                            }
                            p.recv((p.rank() + n - 1) % n);
                            p.recv((p.rank() + n - 1) % n); // never comes: only the failure ends this
                        }));
                        assertThat(e).as(where).isNotNull();
                        assertThat(e.rank()).as(where).isEqualTo(culprit);
                        assertThat(e.getCause()).as(where).hasMessage("injected in " + where);
                    }
                    case DEADLOCK -> assertThat(catchThrowableOfType(DeadlockException.class, () -> machine.run(p -> {
                        seen.add(Thread.currentThread());
                        p.recv((p.rank() + 1) % n);
                    }))).as(where).isNotNull();
                    case TIMEOUT -> assertThat(catchThrowableOfType(RunFailedException.class, () -> machine.run(p -> {
                        seen.add(Thread.currentThread());
                        while (true) {
                            p.compute(clock == ClockKind.MODEL ? 1 : 100_000);
                        }
                    }))).as(where).hasMessageContaining("timed out");
                }
                outcomes[kind.ordinal()]++;
            }
        } finally {
            machine.close();
        }
        assertThat(outcomes).as("every kind of run happened").doesNotContain(0);
        assertThat(seen).as("the same %d threads serve every run", n).hasSize(n);
        assertThat(seen).as("every thread of the machine has ended after close").noneMatch(Thread::isAlive);
    }

    /**
     * Random traffic: rank {@code i} sends {@code count[i][j]} messages to {@code j}, each carrying
     * the run's number and a unique id; receivers take all of them but a few left in flight, with
     * {@code recv} or {@code recvAny}, sometimes pausing to vary the interleaving.
     */
    private static void traffic(Machine machine, SplittableRandom random, int run, int n, Set<Thread> seen,
            String where) {
        int[][] count = new int[n][n];
        int[][] left = new int[n][n];
        int[] offset = new int[n * n + 1];
        for (int i = 0; i < n * n; i++) {
            // at most a channel's capacity: every rank sends all before it receives
            count[i / n][i % n] = random.nextInt(3) == 0 ? 0 : random.nextInt(0, 17);
            left[i / n][i % n] = random.nextInt(6) == 0 ? Math.min(count[i / n][i % n], random.nextInt(1, 5)) : 0;
            offset[i + 1] = offset[i] + count[i / n][i % n];
        }
        int total = offset[n * n];
        boolean any = random.nextBoolean();
        boolean pauses = random.nextInt(4) == 0;
        boolean primitive = random.nextBoolean();
        AtomicIntegerArray marks = new AtomicIntegerArray(total);
        RunResult r = machine.run(p -> {
            seen.add(Thread.currentThread());
            int me = p.rank();
            for (int d = 0; d < n; d++) {
                for (int i = 0; i < count[me][d]; i++) {
                    long id = (long) run << 32 | (offset[me * n + d] + i);
                    if (primitive) {
                        p.sendLong(d, 3, id);
                    } else {
                        p.send(d, 3, id);
                    }
                    pause(pauses);
                }
            }
            int[] got = new int[n];
            int expected = 0;
            for (int s = 0; s < n; s++) {
                expected += any ? count[s][me] - left[s][me] : 0;
            }
            for (int k = 0; k < expected; k++) {
                take(p.recvAny(), run, me, offset, n, got, marks, where);
                pause(pauses);
            }
            if (!any) {
                for (int s = 0; s < n; s++) {
                    for (int i = 0; i < count[s][me] - left[s][me]; i++) {
                        take(p.recv(s), run, me, offset, n, got, marks, where);
                    }
                }
            }
        });
        long leftTotal = 0;
        for (int[] row : left) {
            for (int l : row) {
                leftTotal += l;
            }
        }
        int unmarked = 0;
        for (int id = 0; id < total; id++) {
            assertThat(marks.get(id)).as("%s message %d", where, id).isBetween(0, 1);
            unmarked += 1 - marks.get(id);
        }
        assertThat(r.messagesSent()).as(where).isEqualTo(total);
        assertThat(r.messagesReceived()).as(where).isEqualTo(total - leftTotal);
        assertThat(unmarked).as(where).isEqualTo(leftTotal);
        assertThat(r.inFlight().stream().mapToLong(RunResult.InFlight::count).sum()).as(where).isEqualTo(leftTotal);
    }

    private static void take(Message m, int run, int me, int[] offset, int n, int[] got, AtomicIntegerArray marks,
            String where) {
        long id = m.asLong();
        assertThat(id >>> 32).as("%s: a message from run %d", where, id >>> 32).isEqualTo(run);
        int local = (int) id;
        int src = m.source();
        assertThat(m.tag()).as(where).isEqualTo(3);
        // in order per ordered pair (recvAny may take several sources in any order, each in order)
        assertThat(local).as(where).isEqualTo(offset[src * n + me] + got[src]++);
        marks.incrementAndGet(local);
    }

    private static void pause(boolean pauses) {
        if (pauses && ThreadLocalRandom.current().nextInt(8) == 0) {
            LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1, 20_000));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aProgramThatNeverStopsClosesTheMachineWithTheReason() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        Thread[] stuck = new Thread[1];
        RunConfig config = RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL).timeout(Duration.ofMillis(200))
                .build();
        Machine machine = Machine.open(config);
        RunFailedException e = catchThrowableOfType(RunFailedException.class, () -> machine.run(p -> {
            if (p.rank() == 0) {
                stuck[0] = Thread.currentThread();
                while (!stop.get()) {
                    Thread.onSpinWait(); // never calls the runtime, so it cannot be aborted
                }
            }
        }));
        assertThat(e).hasMessageContaining("timed out").hasMessageContaining("ranks [0] did not stop");
        assertThat(machine.isClosed()).isTrue();
        assertThatThrownBy(() -> machine.run(p -> { })).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("could not be stopped");
        stop.set(true);
        stuck[0].join(10_000);
        machine.close();
        assertThat(stuck[0].isAlive()).isFalse();
    }
}
