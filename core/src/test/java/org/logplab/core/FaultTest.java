package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Deadlocks, exceptions, bad arguments and timeouts end a run promptly with a clear report. */
class FaultTest {

    private static RunConfig.Builder config(ClockKind clock, int processors) {
        return RunConfig.builder(LogP.of(1000, 100, 100, processors)).clock(clock);
    }

    @ParameterizedTest
    @EnumSource(ClockKind.class)
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void mutualFirstReceiveIsReportedAsADeadlockNamingBothRanks(ClockKind clock) {
        DeadlockException e = catchThrowableOfType(DeadlockException.class,
                () -> config(clock, 2).run(p -> p.recv(1 - p.rank())));
        assertThat(e.waits()).containsExactly(
                new DeadlockException.Wait(0, DeadlockException.Kind.RECV, 1),
                new DeadlockException.Wait(1, DeadlockException.Kind.RECV, 0));
        assertThat(e).hasMessageContaining("rank 0 waits to receive from rank 1")
                .hasMessageContaining("rank 1 waits to receive from rank 0");
    }

    @ParameterizedTest
    @EnumSource(ClockKind.class)
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void deadlockAfterSomeTrafficNamesOnlyTheLiveRanks(ClockKind clock) {
        // 0 -> 1 works; then 1 and 2 wait on each other while 0 has finished.
        DeadlockException e = catchThrowableOfType(DeadlockException.class, () -> config(clock, 3).run(p -> {
            if (p.rank() == 0) {
                p.send(1, 0, 1L);
            } else if (p.rank() == 1) {
                p.recv(0);
                p.recv(2);
            } else {
                p.recvAny();
            }
        }));
        assertThat(e.waits()).containsExactly(
                new DeadlockException.Wait(1, DeadlockException.Kind.RECV, 2),
                new DeadlockException.Wait(2, DeadlockException.Kind.RECV_ANY, -1));
    }

    @ParameterizedTest
    @EnumSource(ClockKind.class)
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void fullChannelsBothWaysAreADeadlockNotAHang(ClockKind clock) {
        DeadlockException e = catchThrowableOfType(DeadlockException.class,
                () -> RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(clock).channelCapacity(16).run(p -> {
                    for (int i = 0; i < 100; i++) {
                        p.send(1 - p.rank(), 0, (long) i);
                    }
                    p.recv(1 - p.rank());
                }));
        assertThat(e.waits()).extracting(DeadlockException.Wait::on)
                .containsOnly(DeadlockException.Kind.SEND);
    }

    @ParameterizedTest
    @EnumSource(ThreadKind.class)
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void anExceptionInOneRankFailsTheRunWithThatRanksExceptionAndStopsEveryThread(ThreadKind threads) {
        Thread[] carriers = new Thread[8];
        IllegalStateException boom = new IllegalStateException("boom");
        RunFailedException e = catchThrowableOfType(RunFailedException.class,
                () -> RunConfig.builder(LogP.of(10, 1, 1, 8)).clock(ClockKind.WALL).threads(threads).run(p -> {
                    carriers[p.rank()] = Thread.currentThread();
                    if (p.rank() == 5) {
                        throw boom;
                    }
                    p.recv((p.rank() + 1) % 8); // everyone else blocks forever
                }));
        assertThat(e.rank()).isEqualTo(5);
        assertThat(e.getCause()).isSameAs(boom);
        assertThat(e).hasMessageContaining("rank 5").hasMessageContaining("boom");
        assertThat(carriers).doesNotContainNull().noneMatch(Thread::isAlive);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aRankThatSpinsInComputeIsStoppedWhenAnotherFails() {
        RunFailedException e = catchThrowableOfType(RunFailedException.class,
                () -> config(ClockKind.WALL, 2).run(p -> {
                    if (p.rank() == 0) {
                        p.compute(Duration.ofMinutes(10).toNanos());
                    } else {
                        throw new ArithmeticException("bad");
                    }
                }));
        assertThat(e.rank()).isEqualTo(1);
        assertThat(e.getCause()).isInstanceOf(ArithmeticException.class);
    }

    @Test
    void sendingOutsideTheRanksIsAClearIllegalArgument() {
        RunFailedException e = catchThrowableOfType(RunFailedException.class,
                () -> Machine.run(LogP.of(1, 1, 1, 4), ClockKind.MODEL, p -> {
                    if (p.rank() == 2) {
                        p.send(4, 0, 1L);
                    }
                }));
        assertThat(e.rank()).isEqualTo(2);
        assertThat(e.getCause()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("destination rank 4 is outside 0..3");
    }

    @Test
    void receivingFromANegativeRankIsAClearIllegalArgument() {
        RunFailedException e = catchThrowableOfType(RunFailedException.class,
                () -> Machine.run(LogP.of(1, 1, 1, 2), ClockKind.MODEL, p -> p.recv(-1)));
        assertThat(e.getCause()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("source rank -1 is outside 0..1");
    }

    @Test
    void aPayloadOfUnknownSizeNeedsAnExplicitSize() {
        RunFailedException e = catchThrowableOfType(RunFailedException.class,
                () -> Machine.run(LogP.of(1, 1, 1, 2), ClockKind.MODEL, p -> {
                    if (p.rank() == 0) {
                        p.send(1, 0, new Object());
                    }
                }));
        assertThat(e.getCause()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot infer the size in bytes");
    }

    @Test
    void invalidParametersNameTheField() {
        assertThatThrownBy(() -> LogP.of(-1, 0, 0, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("L must not be negative, got -1");
        assertThatThrownBy(() -> LogP.of(0, -2, 0, 2)).hasMessage("o must not be negative, got -2");
        assertThatThrownBy(() -> LogP.of(0, 0, -3, 2)).hasMessage("g must not be negative, got -3");
        assertThatThrownBy(() -> LogP.of(0, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("P must be at least 1");
        assertThatThrownBy(() -> new LogP(0, 0, 0, 1, -1)).hasMessage("G must not be negative, got -1");
        assertThatThrownBy(() -> RunConfig.builder(LogP.of(0, 0, 0, 1)).channelCapacity(4).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("channelCapacity");
        assertThatThrownBy(() -> RunConfig.builder(LogP.of(0, 0, 0, 1)).timeout(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("timeout");
    }

    @Test
    void negativeComputeIsRejected() {
        RunFailedException e = catchThrowableOfType(RunFailedException.class,
                () -> Machine.run(LogP.of(1, 1, 1, 1), ClockKind.MODEL, p -> p.compute(-5)));
        assertThat(e.getCause()).hasMessage("compute units must not be negative, got -5");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aRunLongerThanItsTimeoutFailsAndSaysWhatIsStillRunning() {
        RunFailedException e = catchThrowableOfType(RunFailedException.class,
                () -> config(ClockKind.WALL, 2).timeout(Duration.ofSeconds(1)).run(p -> {
                    if (p.rank() == 0) {
                        p.compute(Duration.ofMinutes(10).toNanos());
                    } else {
                        p.recv(0);
                    }
                }));
        assertThat(e).hasMessageContaining("timed out")
                .hasMessageContaining("rank 0 is running")
                .hasMessageContaining("rank 1 waits to receive from rank 0");
    }
}
