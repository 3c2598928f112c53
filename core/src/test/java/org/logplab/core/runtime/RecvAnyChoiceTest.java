package org.logplab.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.logplab.core.LogP;
import org.logplab.core.Message;

/**
 * Which queued message a recvAny takes: the earliest {@code (arrival, source)} when messages are
 * time-stamped, turns among the channels when they are not (an untimed wall-clock run), and under
 * the model clock the grant and the waiter's view that {@link RecvAnyRule} decides on.
 */
class RecvAnyChoiceTest {
    private final InboundChannels inbound = new InboundChannels();
    private final RecvAnyChoice choice = new RecvAnyChoice(inbound);

    @Test
    void stampedMessagesGoByArrivalThenBySource() {
        choice.reset(true);
        queue(3, 50);
        queue(1, 70);
        queue(2, 50);
        assertThat(takeAll()).containsExactly(2, 3, 1);
    }

    @Test
    void onlyEachChannelsOldestMessageIsACandidate() {
        choice.reset(true);
        queue(1, 10);
        queue(1, 90);
        queue(2, 40);
        assertThat(takeAll()).containsExactly(1, 2, 1);
    }

    @Test
    void unstampedMessagesTakeTurnsAmongTheChannels() {
        choice.reset(false);
        for (int source : new int[] {0, 1, 2}) {
            queue(source, Message.UNSTAMPED);
            queue(source, Message.UNSTAMPED);
        }
        assertThat(takeAll()).containsExactly(0, 1, 2, 0, 1, 2);
    }

    @Test
    void anEmptyChannelIsPassedOverAndTheTurnsRestartFromTheFirstChannelWhenAsked() {
        choice.reset(false);
        queue(0, Message.UNSTAMPED);
        queue(0, Message.UNSTAMPED);
        channel(1);
        for (int source : new int[] {2, 3}) {
            queue(source, Message.UNSTAMPED);
            queue(source, Message.UNSTAMPED);
        }
        assertThat(take()).isEqualTo(0);
        assertThat(take()).isEqualTo(2);
        choice.restartTurns();
        assertThat(take()).as("the first channel again, not channel 3").isEqualTo(0);
        assertThat(takeAll()).containsExactly(2, 3, 3);
    }

    @Test
    void noCandidateNoChoice() {
        choice.reset(true);
        assertThat(choice.earliest()).isNull();
        channel(4);
        assertThat(choice.earliest()).isNull();
    }

    @Test
    void modelClockGrantsTheEarliestMessageThatArrivesByTheDeadline() {
        choice.reset(true);
        queue(1, 40);
        queue(2, 30);
        assertThat(grant(25)).isNull();
        assertThat(grant(30).channel.source).isEqualTo(2);
        assertThat(grant(Long.MAX_VALUE).channel.source).isEqualTo(2);
        assertThat(choice.takeGrant()).as("a grant is taken once").isNull();
    }

    @Test
    void modelClockWaiterViewForTheRule() {
        LogP params = LogP.of(10, 2, 5, 4);
        choice.reset(true);
        assertThat(choice.waiter(3, 20, 20, params)).as("no message, no deadline: it can only wait").isNull();
        queue(1, 40);
        // Its next action is the receive, at max(receive ready, arrival); what it sends next arrives 2o + L later.
        assertThat(choice.waiter(3, 20, 20, params)).isEqualTo(new RecvAnyRule.Waiter(3, true, 40, 54, 40));
        assertThat(choice.waiter(3, 50, 45, params)).isEqualTo(new RecvAnyRule.Waiter(3, true, 50, 64, 40));
        // A deadline before the message: it times out at max(now, deadline) and may send at once (o + L).
        choice.awaitGrant(30);
        assertThat(choice.waiter(3, 20, 20, params)).isEqualTo(new RecvAnyRule.Waiter(3, false, 30, 42, 30));
        assertThat(choice.waiter(3, 35, 35, params)).isEqualTo(new RecvAnyRule.Waiter(3, false, 35, 47, 35));
        choice.grantWaitOver();
        assertThat(choice.waiter(3, 20, 20, params).message()).isTrue();
    }

    @Test
    void modelClockRuleLetsTheTimeOutGoBeforeALaterMessage() {
        LogP params = LogP.of(10, 2, 5, 2);
        RecvAnyChoice other = new RecvAnyChoice(new InboundChannels());
        other.reset(true);
        other.awaitGrant(50);
        choice.reset(true);
        queue(1, 100);
        // Rank 0 would receive at 100; rank 1 times out at 50 and what it sends then arrives by 62 < 100.
        List<RecvAnyRule.Waiter> waiters = List.of(choice.waiter(0, 0, 0, params), other.waiter(1, 0, 0, params));
        assertThat(RecvAnyRule.select(waiters)).containsExactly(1);
        other.grantEarliest();
        assertThat(other.takeGrant()).isNull();
    }

    private ChannelConsumer grant(long deadline) {
        choice.awaitGrant(deadline);
        choice.grantEarliest();
        choice.grantWaitOver();
        return choice.takeGrant();
    }

    private Channel channel(int source) {
        return inbound.get(source, s -> new Channel(s, 0, 16, 4, false));
    }

    /** Queues a message from {@code source} arriving at {@code arrival} (its value is its source). */
    private void queue(int source, long arrival) {
        ChannelProducer out = channel(source).producer();
        assertThat(out.claim()).isTrue();
        long start = arrival == Message.UNSTAMPED ? Message.UNSTAMPED : arrival - 1;
        out.publish(SlotRing.LONG, false, 0, source, null, start, arrival);
    }

    /** Takes the chosen message (one look, as a recvAny's); returns its source. */
    private int take() {
        ChannelConsumer in = choice.earliest();
        assertThat(in).isNotNull();
        return take(in);
    }

    private static int take(ChannelConsumer in) {
        assertThat(in.peek()).isTrue();
        int source = (int) in.value();
        assertThat(source).isEqualTo(in.channel.source);
        in.release();
        return source;
    }

    private List<Integer> takeAll() {
        List<Integer> order = new ArrayList<>();
        for (ChannelConsumer in = choice.earliest(); in != null; in = choice.earliest()) {
            order.add(take(in));
        }
        return order;
    }
}
