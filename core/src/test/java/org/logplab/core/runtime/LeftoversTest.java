package org.logplab.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.logplab.core.Message;
import org.logplab.core.RunResult;

/** The messages a run left unreceived: counted by channel, then discarded before the next run. */
class LeftoversTest {
    private final InboundChannels inbound = new InboundChannels();
    private final Leftovers leftovers = new Leftovers(inbound);

    @Test
    void countsEveryChannelThatStillHoldsMessages() {
        queue(2, 3);
        queue(5, 0);
        queue(1, 1);
        assertThat(report()).containsExactly(new RunResult.InFlight(2, 0, 3), new RunResult.InFlight(1, 0, 1));
    }

    @Test
    void discardEmptiesTheChannelsAndFreesAWaitingSender() {
        Channel full = queue(2, 3);
        full.senderWaiting = true;
        assertThat(report()).hasSize(1);
        assertThat(leftovers.discard()).isTrue();
        assertThat(full.senderWaiting).isFalse();
        assertThat(report()).isEmpty();
    }

    @Test
    void aCountThatFoundNoneSparesTheDiscardUntilTheNextRun() {
        queue(3, 0);
        assertThat(report()).isEmpty();
        assertThat(leftovers.discard()).isFalse();
        leftovers.reset();
        queue(3, 2);
        assertThat(leftovers.discard()).as("not counted in this run: looks at every channel").isTrue();
        assertThat(report()).isEmpty();
    }

    @Test
    void discardWithoutACountLooksAtEveryChannel() {
        queue(4, 2);
        assertThat(leftovers.discard()).isTrue();
        assertThat(report()).isEmpty();
    }

    private List<RunResult.InFlight> report() {
        List<RunResult.InFlight> left = new ArrayList<>();
        leftovers.report(left::add);
        return left;
    }

    /** Queues {@code n} messages from {@code source} to processor 0 (making the channel if needed). */
    private Channel queue(int source, int n) {
        Channel channel = inbound.get(source, s -> new Channel(s, 0, 16, 4, false));
        ChannelProducer out = channel.producer();
        for (int i = 0; i < n; i++) {
            assertThat(out.claim()).isTrue();
            out.publish(SlotRing.LONG, false, 0, i, null, Message.UNSTAMPED, Message.UNSTAMPED);
        }
        return channel;
    }
}
