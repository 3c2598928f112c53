package org.logplab.core.collective.ktree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link KPortNetwork} accepts legal k-port rounds and rejects each kind of broken one, unchanged. */
class KPortNetworkTest {

    private static KPortSend send(int from, int to, int message) {
        return new KPortSend(from, to, message);
    }

    @Test
    void shouldLetOneMessageGoToKProcessorsAndKMessagesArriveAtOne() {
        KPortNetwork net = new KPortNetwork(5, 2, 3);
        // Theorem 1's first round: the source's message reaches k = 2 processors at once.
        net.round(List.of(send(0, 1, 0), send(0, 2, 0)));
        // Processor 3 receives k = 2 messages from two senders; 1 forwards what it got last round.
        net.round(List.of(send(0, 3, 1), send(1, 3, 0), send(2, 4, 0)));

        assertThat(net.rounds()).isEqualTo(2);
        assertThat(net.heldBy(3)).isEqualTo(2);
        assertThat(net.holds(4, 0)).isTrue();
        assertThat(net.holds(4, 1)).isFalse();
        assertThat(net.sends()).isEqualTo(5);
        assertThat(net.allHoldEverything()).isFalse();
    }

    @Test
    void shouldRejectMoreThanKSendsFromOneProcessor() {
        KPortNetwork net = new KPortNetwork(5, 2, 3);
        assertThatThrownBy(() -> net.round(List.of(send(0, 1, 0), send(0, 2, 1), send(0, 3, 2))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("k-port violation in round 1, send 0->3 (message 2): processor 0 makes more than k = 2"
                        + " sends in one round");
        assertUntouched(net);
    }

    @Test
    void shouldRejectSendingAMessageNotHeldAtTheStartOfTheRound() {
        KPortNetwork net = new KPortNetwork(4, 2, 2);
        // 1 receives message 0 in this very round, so it cannot pass it on yet.
        assertThatThrownBy(() -> net.round(List.of(send(0, 1, 0), send(1, 2, 0))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("k-port violation in round 1, send 1->2 (message 0): processor 1 sends message 0,"
                        + " which it does not hold at the start of the round");
        assertUntouched(net);
    }

    @Test
    void shouldRejectTwoSendsToOneDestination() {
        KPortNetwork net = new KPortNetwork(4, 3, 2);
        assertThatThrownBy(() -> net.round(List.of(send(0, 1, 0), send(0, 2, 0), send(0, 1, 1))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("k-port violation in round 1, send 0->1 (message 1): processor 0 sends to processor 1"
                        + " twice (also 0->1 (message 0)); its k sends go to k distinct processors");
        assertUntouched(net);
    }

    @Test
    void shouldRejectMoreThanKReceives() {
        KPortNetwork net = new KPortNetwork(5, 2, 3);
        net.round(List.of(send(0, 1, 0), send(0, 2, 1)));
        net.round(List.of(send(0, 3, 2), send(1, 3, 0), send(1, 4, 0)));
        assertThatThrownBy(() -> net.round(List.of(send(1, 4, 0), send(2, 4, 1), send(3, 4, 2))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("k-port violation in round 3, send 3->4 (message 2): processor 4 receives more than"
                        + " k = 2 messages in one round");
        assertThat(net.rounds()).isEqualTo(2);
        assertThat(net.heldBy(4)).isEqualTo(1);
    }

    @Test
    void shouldRejectSelfSendsAndRanksOrMessagesOutOfRange() {
        KPortNetwork net = new KPortNetwork(3, 2, 2);
        assertThatThrownBy(() -> net.round(List.of(send(0, 0, 0))))
                .hasMessageContaining("round 1, send 0->0 (message 0): processor 0 sends to itself");
        assertThatThrownBy(() -> net.round(List.of(send(0, 3, 0))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("ranks must be in 0..2");
        assertThatThrownBy(() -> net.round(List.of(send(-1, 1, 0)))).hasMessageContaining("ranks must be in 0..2");
        assertThatThrownBy(() -> net.round(List.of(send(0, 1, 2)))).hasMessageContaining("messages must be in 0..1");
        assertUntouched(net);
    }

    @Test
    void shouldCountSendsOfMessagesAlreadyHeldAsRedundant() {
        KPortNetwork net = new KPortNetwork(3, 2, 1);
        net.round(List.of(send(0, 1, 0)));
        net.round(List.of(send(0, 1, 0), send(1, 2, 0)));
        net.round(List.of(send(1, 2, 0), send(0, 2, 0)));
        assertThat(net.redundantSends()).isEqualTo(3);
        assertThat(net.allHoldEverything()).isTrue();
    }

    @Test
    void shouldForgetTheCountsOfARejectedRound() {
        KPortNetwork net = new KPortNetwork(4, 1, 2);
        assertThatThrownBy(() -> net.round(List.of(send(0, 1, 0), send(0, 2, 1)))).hasMessageContaining("more than k");
        // The rejected attempt's one legal send must not use up processor 0's single port now.
        net.round(List.of(send(0, 2, 1)));
        assertThat(net.holds(2, 1)).isTrue();
        assertThat(net.rounds()).isEqualTo(1);
    }

    @Test
    void shouldCatchABrokenKTreeSchedule() {
        KTreeSchedule schedule = new KTreeBroadcast(20, 3).schedule();

        // Round 2 forwarded one round early: the roots do not hold messages 0..2 yet.
        KPortNetwork early = new KPortNetwork(20, 3, 9);
        assertThatThrownBy(() -> early.round(schedule.sends(2, 9)))
                .hasMessageContaining("round 1").hasMessageContaining("which it does not hold");

        // One extra send on top of a full round: the source already uses its three ports.
        KPortNetwork extra = new KPortNetwork(20, 3, 9);
        List<KPortSend> first = new ArrayList<>(schedule.sends(1, 9));
        first.add(send(0, 19, 3));
        assertThatThrownBy(() -> extra.round(first)).hasMessageContaining("processor 0 makes more than k = 3 sends");

        // The same schedule checked with one port fewer than it was made for.
        KPortNetwork narrow = new KPortNetwork(20, 2, 9);
        assertThatThrownBy(() -> schedule.run(narrow)).hasMessageContaining("more than k = 2");

        // Untouched, it passes.
        KPortNetwork fine = new KPortNetwork(20, 3, 9);
        schedule.run(fine);
        assertThat(fine.allHoldEverything()).isTrue();
    }

    private static void assertUntouched(KPortNetwork net) {
        assertThat(net.rounds()).isZero();
        assertThat(net.sends()).isZero();
        for (int p = 1; p < net.n(); p++) {
            assertThat(net.heldBy(p)).isZero();
        }
    }
}
