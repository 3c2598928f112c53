package org.logplab.core.runtime;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.logplab.core.Processor.ANY_SOURCE;
import static org.logplab.core.Processor.ANY_TAG;

import java.util.Arrays;
import org.jetbrains.lincheck.Lincheck;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.logplab.core.Processor;
import org.logplab.core.Program;

/**
 * A model-clock receive from any source with a tag decides only on every message already sent,
 * and the queue it keeps is handed between its thread and the coordinator's without loss:
 * Lincheck's model checker runs a two-rank run, each rank on a thread of its own as the pool
 * would run it ({@link Run#execute}), through every interleaving it explores. Rank 0 sends words
 * 1, 2, 3 tagged 1, 2, 3; rank 1 receives {@code recv(ANY_SOURCE, 3)}, then
 * {@code recv(0, ANY_TAG)} twice. The wildcard receive takes what it finds into its queue and
 * blocks; the coordinator decides once rank 0 has finished, on rank 0's thread, having first
 * taken into rank 1's queue whatever reached its channel meanwhile. Whatever the interleaving,
 * rank 1 must receive 3, 1, 2, finishing at the hand-worked time: with L = 5, o = 1, g = 2 the
 * sends take 0..1, 2..3, 4..5 and arrive at 6, 8, 10; tag 3 is received 10..11, the queued
 * tag 1 at max(11, 6, 10 + 2) = 12..13, tag 2 at 14..15. A receiver whose view does not take in
 * what reaches it while it waits must be caught: it deadlocks when it looked before tag 3 came.
 */
@Tag("lincheck")
class MatchingReceiveLincheckTest {
    private static final int INVOCATIONS = 300;

    @Test
    void aWildcardReceiveDecidesOnlyOnceEveryMessageIsSeen() {
        Lincheck.runConcurrentTest(INVOCATIONS, () -> exchange(new Exchange(false)));
    }

    @Test
    void findsAReceiverWhoseViewMissesWhatReachesItWhileItWaits() {
        assertThatThrownBy(() -> Lincheck.runConcurrentTest(INVOCATIONS, () -> exchange(new Exchange(true))))
                .isInstanceOf(LincheckAssertionError.class)
                .hasMessageContaining("deadlock: all 1 live processors wait on something that can never happen: "
                        + "rank 1 waits to receive from any rank with tag 3");
    }

    /** One run of {@code program}, its two ranks on two threads; fails as the run does. */
    private static void exchange(Exchange program) {
        TwoRankThreads.run(program); // a view that missed a message: a deadlock report
        long[] expected = {3, 1, 2};
        if (!Arrays.equals(program.received, expected) || program.finish != 15) {
            throw new AssertionError("rank 1 received " + program + ", expected " + Arrays.toString(expected)
                    + " by 15");
        }
    }

    /**
     * Rank 0 sends words 1..3 tagged 1..3; rank 1 receives tag 3 from any source, then the next
     * two from rank 0. The broken receiver's first wildcard receive decides on what it saw before
     * it blocked.
     */
    private static final class Exchange implements Program {
        private final boolean staleView;
        final long[] received = new long[3];
        long finish;

        Exchange(boolean staleView) {
            this.staleView = staleView;
        }

        @Override
        public void run(Processor p) {
            if (p.rank() == 0) {
                for (int i = 1; i <= 3; i++) {
                    p.sendLong(1, i, i);
                }
                return;
            }
            received[0] = staleView ? brokenRecvTag3((ProcessorImpl) p) : p.recv(ANY_SOURCE, 3).asLong();
            received[1] = p.recv(0, ANY_TAG).asLong();
            received[2] = p.recv(0, ANY_TAG).asLong();
            finish = p.now();
        }

        /**
         * Takes what rank 0's channel holds into the queue; if tag 3 is not there, blocks for the
         * coordinator's decision with a view that never takes in what reaches the channel later.
         */
        private static long brokenRecvTag3(ProcessorImpl p) {
            ChannelConsumer in = p.consumer(0);
            boolean sawTag3 = false;
            while (in.peek()) {
                sawTag3 |= in.tag() == 3;
                p.passOver(in);
            }
            if (sawTag3) {
                return p.recv(0, 3).asLong(); // the queued match, received by the clock rules
            }
            RecvAnyChoice choice = p.anyChoice();
            choice.awaitMatch(Long.MAX_VALUE, () -> null, null);
            try {
                while (!choice.decided()) {
                    p.coordinator().block(p, ProcessorImpl.WAIT_ANY, ANY_SOURCE, 3, null, null, () -> false);
                }
            } finally {
                choice.grantWaitOver();
            }
            throw new IllegalStateException("a view with no match and no deadline was let go");
        }

        @Override
        public String toString() {
            return Arrays.toString(received) + " by " + finish;
        }
    }
}
