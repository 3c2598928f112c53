package org.logplab.core.runtime;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.jetbrains.lincheck.Lincheck;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.logplab.core.Processor;
import org.logplab.core.Program;

/**
 * No wake-up is lost between a receiver that blocks for a message and the sender that delivers it:
 * Lincheck's model checker runs a two-rank model-clock run, each rank on a thread of its own as
 * the pool would run it ({@link Run#execute}), through every interleaving it explores. Rank 0
 * sends rank 1 a few words; rank 1 receives them. The receiver blocks in
 * {@link Coordinator#block} once the channel is empty (model-clock runs never spin), the sender
 * publishes, fences and wakes it through {@link Coordinator#messageSent} if it is not running,
 * and each rank ends with {@link Coordinator#finish}. A lost wake-up leaves the receiver blocked
 * with its message queued; the sender's finish then makes the run quiescent and the coordinator
 * reports a deadlock, so the run must end without one, every word received in order. A receiver
 * that checks the channel before it announces its wait, and not again after, must be caught.
 */
@Tag("lincheck")
class CoordinatorLincheckTest {
    private static final int WORDS = 3;
    private static final int TAG = 7;
    private static final int INVOCATIONS = 300;

    @Test
    void aBlockedReceiverIsWokenByTheMessageItWaitsFor() {
        Lincheck.runConcurrentTest(INVOCATIONS, () -> exchange(new Exchange(false)));
    }

    @Test
    void findsAReceiverThatChecksForAMessageBeforeItAnnouncesItsWait() {
        assertThatThrownBy(() -> Lincheck.runConcurrentTest(INVOCATIONS, () -> exchange(new Exchange(true))))
                .isInstanceOf(LincheckAssertionError.class)
                .hasMessageContaining("deadlock: all 1 live processors wait on something that can never happen: "
                        + "rank 1 waits to receive from rank 0");
    }

    /** One run of {@code program}, its two ranks on two threads; fails as the run does. */
    private static void exchange(Exchange program) {
        TwoRankThreads.run(program); // throws the run's failure: a deadlock report if a wake-up was lost
        long[] expected = {1, 2, 3};
        if (!Arrays.equals(program.received, expected)) {
            throw new AssertionError("rank 1 received " + program + ", expected " + Arrays.toString(expected));
        }
    }

    /**
     * Rank 0 sends words 1..{@value #WORDS}; rank 1 receives them. A receiver that checks before it
     * announces looks at the channel, and if it is empty blocks with a condition that never holds,
     * so that a message published in between is never seen; then receives as usual.
     */
    private static final class Exchange implements Program {
        private final boolean checkBeforeAnnouncing;
        final long[] received = new long[WORDS];

        Exchange(boolean checkBeforeAnnouncing) {
            this.checkBeforeAnnouncing = checkBeforeAnnouncing;
        }

        @Override
        public void run(Processor p) {
            if (p.rank() == 0) {
                for (int i = 1; i <= WORDS; i++) {
                    p.sendLong(1, TAG, i);
                }
                return;
            }
            for (int i = 0; i < WORDS; i++) {
                if (checkBeforeAnnouncing) {
                    awaitCheckingFirst((ProcessorImpl) p);
                }
                received[i] = p.recvLong(0, TAG);
            }
        }

        private static void awaitCheckingFirst(ProcessorImpl p) {
            ChannelConsumer in = p.pool.channel(0, p.rank).consumer();
            while (!in.peek()) {
                p.coordinator().block(p, ProcessorImpl.WAIT_RECV, 0, in, null, () -> false);
            }
        }

        @Override
        public String toString() {
            return Arrays.toString(received);
        }
    }
}
