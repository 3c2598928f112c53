package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A machine that stays up: many runs on the same threads, and every misuse refused with a clear message. */
class MachineTest {

    private static RunConfig wall(int processors) {
        return RunConfig.builder(LogP.of(0, 0, 0, processors)).clock(ClockKind.WALL).threads(ThreadKind.PLATFORM)
                .build();
    }

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void runsManyProgramsOnTheSameThreadsAndJoinsThemAtClose(ThreadKind threads) {
        Set<Thread> seen = ConcurrentHashMap.newKeySet();
        Machine machine = Machine.open(RunConfig.builder(LogP.of(5, 1, 2, 3)).threads(threads).build());
        for (int k = 0; k < 50; k++) {
            long value = k;
            RunResult r = machine.run(p -> {
                seen.add(Thread.currentThread());
                if (p.rank() == 0) {
                    p.sendLong(1, 0, value);
                    p.sendLong(2, 0, value);
                } else {
                    assertThat(p.recvLong(0, 0)).isEqualTo(value);
                }
            });
            // L + 2o for each receiver, the second send max(g, o) later: model times are exact on every run
            assertThat(r.finishTime(1)).isEqualTo(7);
            assertThat(r.finishTime(2)).isEqualTo(9);
        }
        assertThat(seen).hasSize(3);
        machine.close();
        assertThat(machine.isClosed()).isTrue();
        assertThat(seen).noneMatch(Thread::isAlive);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void messagesLeftByOneRunAreCountedThereAndNeverSeenByTheNext() {
        try (Machine machine = Machine.open(wall(2))) {
            RunResult first = machine.run(p -> {
                if (p.rank() == 0) {
                    for (int i = 0; i < 100; i++) {
                        p.sendLong(1, 1, 1000 + i);
                    }
                }
            });
            assertThat(first.inFlight()).containsExactly(new RunResult.InFlight(0, 1, 100));
            RunResult second = machine.run(p -> {
                if (p.rank() == 0) {
                    p.sendLong(1, 2, 7);
                } else {
                    assertThat(p.recvLong(0, 2)).isEqualTo(7);
                }
            });
            assertThat(second.inFlight()).isEmpty();
            assertThat(second.messagesReceived()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(ClockKind.class)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFailureADeadlockAndATimeoutLeaveTheMachineUsable(ClockKind clock) {
        RunConfig config = RunConfig.builder(LogP.of(10, 1, 1, 2)).clock(clock).timeout(Duration.ofMillis(300)).build();
        try (Machine machine = Machine.open(config)) {
            RunFailedException failed = catchThrowableOfType(RunFailedException.class, () -> machine.run(p -> {
                if (p.rank() == 1) {
                    throw new ArithmeticException("boom");
                }
                p.recv(1);
            }));
            assertThat(failed.rank()).isEqualTo(1);
            assertThat(failed.getCause()).hasMessage("boom");
            assertThat(catchThrowableOfType(DeadlockException.class, () -> machine.run(p -> p.recv(1 - p.rank())))
                    .waits())
                    .hasSize(2);
            RunFailedException timedOut = catchThrowableOfType(RunFailedException.class, () -> machine.run(p -> {
                if (p.rank() == 0) {
                    while (true) {
                        p.compute(clock == ClockKind.MODEL ? 1 : 1_000_000);
                    }
                }
            }));
            assertThat(timedOut).hasMessageContaining("timed out");
            RunResult ok = machine.run(p -> {
                if (p.rank() == 0) {
                    p.sendLong(1, 0, 5);
                } else {
                    p.recvLong(0, 0);
                }
            });
            assertThat(ok.messagesReceived()).isEqualTo(1);
            assertThat(machine.isClosed()).isFalse();
        }
    }

    @Test
    void aClosedMachineRefusesToRun() {
        Machine machine = Machine.open(wall(2));
        machine.close();
        machine.close(); // idempotent
        assertThatThrownBy(() -> machine.run(p -> { })).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void aRunWithAnotherProcessorCountIsRefused() {
        try (Machine machine = Machine.open(wall(2))) {
            assertThatThrownBy(() -> machine.run(LogP.of(0, 0, 0, 3), p -> { }))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("P = 2")
                    .hasMessageContaining("P = 3");
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aSecondRunWhileOneIsOnIsRefused() throws Exception {
        try (Machine machine = Machine.open(wall(2))) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Thread first = Thread.ofPlatform().start(() -> machine.run(p -> {
                started.countDown();
                release.await();
            }));
            started.await();
            assertThatThrownBy(() -> machine.run(p -> { })).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("already running a program");
            release.countDown();
            first.join();
            assertThat(machine.run(p -> { }).messagesSent()).isZero();
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aProgramCanNeitherRunNorCloseTheMachineItRunsOn() {
        try (Machine machine = Machine.open(wall(1))) {
            RunFailedException nested = catchThrowableOfType(RunFailedException.class,
                    () -> machine.run(p -> machine.run(q -> { })));
            assertThat(nested.getCause()).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("already running");
            RunFailedException closing = catchThrowableOfType(RunFailedException.class, () ->
                    machine.run(p -> machine.close()));
            assertThat(closing.getCause()).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("cannot close the machine it runs on");
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void closingFromAnotherThreadEndsARunInProgress() throws Exception {
        Machine machine = Machine.open(wall(2));
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        CountDownLatch started = new CountDownLatch(1);
        Thread runner = Thread.ofPlatform().start(() -> {
            try {
                machine.run(p -> {
                    started.countDown();
                    p.recv(1 - p.rank()); // never satisfied by the program: only the close ends it
                });
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        started.await();
        Thread.sleep(50);
        machine.close();
        runner.join();
        // The two ranks wait on each other, which is also a deadlock: either report ends the run.
        assertThat(outcome.get()).isInstanceOf(RunFailedException.class);
        assertThat(machine.isClosed()).isTrue();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void theOwnershipCheckNamesASenderThatChangedASentArray() {
        RunConfig config = RunConfig.builder(LogP.of(1, 1, 1, 3)).checkOwnership(true).build();
        RunFailedException e = catchThrowableOfType(RunFailedException.class, () -> Machine.run(config, p -> {
            if (p.rank() == 0) {
                double[] block = {1, 2, 3};
                p.send(1, 9, block);
                block[0] = 42; // the receiver owns it now
                p.send(2, 0, null);
            } else if (p.rank() == 2) {
                p.recv(0);
                p.send(1, 0, null);
            } else {
                p.recv(2); // so that rank 0 has changed the block before this rank takes it
                p.recv(0);
            }
        }));
        assertThat(e.getCause()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("rank 0 changed the double[] payload of a message to rank 1 (tag 9) after sending"
                + " it");
        RunResult fine = Machine.run(config, p -> {
            if (p.rank() == 0) {
                double[] block = {1, 2, 3};
                p.send(1, 9, block.clone());
                block[0] = 42; // a copy was sent: the block is still ours
            } else if (p.rank() == 1) {
                assertThat(p.recv(0).asDoubles()).containsExactly(1, 2, 3);
            }
        });
        assertThat(fine.messagesReceived()).isEqualTo(1);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void latencySamplingRecordsEveryNthMessageOfEachSenderAndStampsOnlyThose() {
        for (LatencySampling sampling : new LatencySampling[] {LatencySampling.ALL, new LatencySampling(4),
                LatencySampling.OFF}) {
            long[] stamped = new long[1];
            RunResult r = RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL).latency(sampling).run(p -> {
                if (p.rank() == 0) {
                    for (int i = 0; i < 100; i++) {
                        p.sendLong(1, 0, i);
                    }
                } else {
                    for (int i = 0; i < 100; i++) {
                        if (p.recv(0).sendStart() != Message.UNSTAMPED) {
                            stamped[0]++;
                        }
                    }
                }
            });
            long expected = sampling.every() == 0 ? 0 : 100 / sampling.every();
            assertThat(r.latency().getTotalCount()).as("%s", sampling).isEqualTo(expected);
            assertThat(stamped[0]).as("%s: nothing injected, so only sampled messages are stamped", sampling)
                    .isEqualTo(expected);
            assertThat(r.latencySampling()).isEqualTo(sampling);
        }
    }

    @ParameterizedTest
    @EnumSource(ClockKind.class)
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void drainTakesBurstsInOrderAndTheModelTimesEqualThoseOfRecv(ClockKind clock) {
        int n = 1000;
        RunConfig config = RunConfig.builder(LogP.of(7, 2, 3, 2)).clock(clock).build();
        Program byRecv = p -> {
            if (p.rank() == 0) {
                for (int i = 0; i < n; i++) {
                    p.sendLong(1, 0, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    assertThat(p.recv(0).asLong()).isEqualTo(i);
                }
            }
        };
        long[] next = {0};
        int[] calls = {0};
        Program byDrain = p -> {
            if (p.rank() == 0) {
                byRecv.run(p);
            } else {
                while (next[0] < n) {
                    calls[0]++;
                    int took = p.drain(0, (int) Math.min(64, n - next[0]), m -> assertThat(m.asLong())
                            .isEqualTo(next[0]++));
                    assertThat(took).isBetween(1, 64);
                }
            }
        };
        RunResult a = Machine.run(config, byRecv);
        RunResult b = Machine.run(config, byDrain);
        assertThat(next[0]).isEqualTo(n);
        assertThat(calls[0]).isBetween(n / 64, n);
        assertThat(b.messagesReceived()).isEqualTo(n);
        if (clock == ClockKind.MODEL) {
            assertThat(b.finishTime(1)).isEqualTo(a.finishTime(1));
        }
        assertThatThrownBy(() -> Machine.run(config, p -> p.drain(1 - p.rank(), 0, m -> { })))
                .hasRootCauseMessage("drain takes at least 1 message, got max = 0");
    }

    @Test
    void latencySamplingParsesTheCommandLineForms() {
        assertThat(LatencySampling.parse("all")).isEqualTo(LatencySampling.ALL);
        assertThat(LatencySampling.parse("sampled").every()).isEqualTo(64);
        assertThat(LatencySampling.parse("off").records()).isFalse();
        assertThat(LatencySampling.parse("1/8").every()).isEqualTo(8);
        assertThatThrownBy(() -> LatencySampling.parse("1/6")).hasMessageContaining("power of two");
        assertThatThrownBy(() -> LatencySampling.parse("most")).hasMessageContaining("all, sampled");
    }
}
