package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The model clock against the LogP rules of docs/algorithms.md §1, worked by hand. */
class ModelClockTest {

    @Test
    void oneMessageTakesLatencyPlusTwoOverheads() {
        // L = 6, o = 2: sent at 0, busy until 2, arrives at 8, received 8..10.
        RunResult r = Machine.run(LogP.of(6, 2, 4, 2), ClockKind.MODEL, p -> {
            if (p.rank() == 0) {
                p.send(1, 7, 42L);
            } else {
                Message m = p.recv(0);
                assertThat(m.arrival()).isEqualTo(8);
                assertThat(m.sendStart()).isEqualTo(0);
                assertThat(m.asLong()).isEqualTo(42L);
                assertThat(m.tag()).isEqualTo(7);
            }
        });
        assertThat(r.finishTime(0)).isEqualTo(2);
        assertThat(r.finishTime(1)).isEqualTo(10);
        assertThat(r.latency().getMaxValue()).isEqualTo(10);
    }

    @Property(tries = 200)
    void rootSendingToKChildrenFinishesChildIAtIMaxGoPlusLPlus2o(
            @ForAll @LongRange(max = 50) long L, @ForAll @LongRange(max = 20) long o,
            @ForAll @LongRange(max = 30) long g, @ForAll @IntRange(min = 1, max = 12) int k) {
        LogP params = LogP.of(L, o, g, k + 1);
        RunResult r = Machine.run(params, ClockKind.MODEL, p -> {
            if (p.rank() == 0) {
                for (int c = 1; c <= k; c++) {
                    p.send(c, 0, null);
                }
            } else {
                p.recv(0);
            }
        });
        for (int i = 0; i < k; i++) {
            assertThat(r.finishTime(i + 1)).isEqualTo(i * Math.max(g, o) + L + 2 * o);
        }
        assertThat(r.finishTime(0)).isEqualTo((k - 1) * Math.max(g, o) + o);
    }

    @Property(tries = 200)
    void receivesFromManySendersAreSpacedByTheGap(
            @ForAll @LongRange(max = 50) long L, @ForAll @LongRange(max = 20) long o,
            @ForAll @LongRange(max = 30) long g, @ForAll @IntRange(min = 1, max = 10) int k) {
        // k senders all send at time 0; every message arrives at o + L; receive j starts at
        // o + L + j * max(g, o) because the previous receive ends o after its start and the next
        // may start no sooner than g after it.
        RunResult r = Machine.run(LogP.of(L, o, g, k + 1), ClockKind.MODEL, p -> {
            if (p.rank() == 0) {
                for (int s = 1; s <= k; s++) {
                    Message m = p.recv(s);
                    assertThat(m.arrival()).isEqualTo(o + L);
                }
            } else {
                p.send(0, 0, (long) p.rank());
            }
        });
        assertThat(r.finishTime(0)).isEqualTo(o + L + (k - 1) * Math.max(g, o) + o);
    }

    @Test
    void computeAdvancesTimeAndDelaysTheNextSend() {
        // compute 5, then send: start 5, busy to 7 (o = 2), arrives 7 + 3 = 10, received 10..12.
        RunResult r = Machine.run(LogP.of(3, 2, 1, 2), ClockKind.MODEL, p -> {
            if (p.rank() == 0) {
                p.compute(5);
                assertThat(p.now()).isEqualTo(5);
                p.send(1, 0, 1L);
                assertThat(p.now()).isEqualTo(7);
            } else {
                p.compute(11);
                p.recv(0); // arrived at 10, but the receiver is busy until 11: 11..13
            }
        });
        assertThat(r.finishTime(0)).isEqualTo(7);
        assertThat(r.finishTime(1)).isEqualTo(13);
    }

    @Test
    void sendGapAppliesEvenWhenTheSenderWasIdle() {
        // g = 10 > o = 1: second send waits until 10 although the sender is free at 1.
        RunResult r = Machine.run(LogP.of(5, 1, 10, 2), ClockKind.MODEL, p -> {
            if (p.rank() == 0) {
                p.send(1, 0, 1L);
                p.send(1, 0, 2L);
                assertThat(p.now()).isEqualTo(11);
            } else {
                assertThat(p.recv(0).arrival()).isEqualTo(6);
                assertThat(p.recv(0).arrival()).isEqualTo(16);
            }
        });
        // second receive: arrival 16, previous receive started 6 (+g = 16): 16..17
        assertThat(r.finishTime(1)).isEqualTo(17);
    }

    @Test
    void longMessagesKeepTheSenderBusyForOPlusMMinusOneG() {
        // LogGP: 100 doubles = 800 bytes, G = 1: busy o + 799 = 801; arrival 801 + L.
        LogP params = new LogP(10, 2, 4, 2, 1);
        RunResult r = Machine.run(params, ClockKind.MODEL, p -> {
            if (p.rank() == 0) {
                p.send(1, 0, new double[100]);
            } else {
                Message m = p.recv(0);
                assertThat(m.bytes()).isEqualTo(800);
                assertThat(m.arrival()).isEqualTo(2 + 799 + 10);
            }
        });
        assertThat(r.finishTime(0)).isEqualTo(801);
        assertThat(r.finishTime(1)).isEqualTo(811 + 2);
    }

    @Test
    void recvAnyTakesMessagesInArrivalOrderWithLowerSourceFirstOnTies() {
        // Rank s computes 10 * (4 - s) for s = 1..3, so rank 3 sends first; ranks 4 and 5 tie with rank 3.
        int[] order = new int[5];
        RunResult r = Machine.run(LogP.of(5, 1, 1, 6), ClockKind.MODEL, p -> {
            if (p.rank() == 0) {
                for (int i = 0; i < 5; i++) {
                    order[i] = p.recvAny().source();
                }
            } else {
                p.compute(p.rank() <= 3 ? 10L * (4 - p.rank()) : 10);
                p.send(0, 0, (long) p.rank());
            }
        });
        // arrivals: rank 3 and 4 and 5 at 10 + 1 + 5 = 16, rank 2 at 26, rank 1 at 36
        assertThat(order).containsExactly(3, 4, 5, 2, 1);
        // receives 16..17, 17..18, 18..19 (gap 1 = o), then 26..27, 36..37
        assertThat(r.finishTime(0)).isEqualTo(37);
    }

    @Test
    void sendToSelfIsDelivered() {
        RunResult r = Machine.run(LogP.of(4, 1, 1, 1), ClockKind.MODEL, p -> {
            p.send(0, 0, 5L);
            assertThat(p.recv(0).asLong()).isEqualTo(5L);
        });
        assertThat(r.finishTime(0)).isEqualTo(1 + 4 + 1);
    }
}
