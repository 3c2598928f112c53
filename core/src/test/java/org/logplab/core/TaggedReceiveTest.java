package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.logplab.core.Processor.ANY_SOURCE;
import static org.logplab.core.Processor.ANY_TAG;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Receives matched by source and tag, with wildcards, and the unexpected-message queue behind
 * them: model-clock times worked by hand from the LogP rules (send: start = max(now, last send
 * start + g), busy o, arrival = end + L; receive: start = max(now, arrival, last receive start +
 * g), busy o; passing a message over costs nothing), the interplay with the in-order receives and
 * recvAny, deadlocks named in words, and leftovers counted.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TaggedReceiveTest {
    /** L = 10, o = 2, g = 4 for every hand-worked case. */
    private static LogP params(int processors) {
        return LogP.of(10, 2, 4, processors);
    }

    /**
     * Rank 0 sends tags 1, 2, 3 to rank 1 as longs 1, 2, 3. Sends: 0..2 (arrives 12), max(2, 0+4) = 4..6
     * (arrives 16), max(6, 4+4) = 8..10 (arrives 20); rank 0 finishes at 10.
     */
    private static void sendTags123(Processor p) {
        for (int tag = 1; tag <= 3; tag++) {
            p.sendLong(1, tag, tag);
        }
    }

    @Test
    void aTaggedReceiveTakesItsMatchAndTheOthersWaitInOrder() {
        // Rank 1: recv(0, 3) passes tags 1 and 2 over, takes tag 3: start max(0, 20, 0) = 20, ends 22.
        // recv(0, ANY_TAG) takes the queued tag 1: start max(22, 12, 20 + 4) = 24, ends 26.
        // recv(0, ANY_TAG) takes tag 2: start max(26, 16, 24 + 4) = 28, ends 30.
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        RunResult r = Machine.run(RunConfig.builder(params(2)).clock(ClockKind.MODEL).trace(true).build(), p -> {
            if (p.rank() == 0) {
                sendTags123(p);
                return;
            }
            for (int tag : new int[] {3, ANY_TAG, ANY_TAG}) {
                Message m = p.recv(0, tag);
                log.add(m.tag() + "/" + m.arrival() + "@" + p.now());
            }
        });
        assertThat(log).containsExactly("3/20@22", "1/12@26", "2/16@30");
        assertThat(r.finishTimes()).containsExactly(10, 30);
        assertThat(r.inFlight()).isEmpty();
        // Traced as every receive is: at the time it is received, not when it was passed over.
        assertThat(r.trace().orElseThrow().events()).filteredOn(e -> e.kind() == TraceEvent.Kind.RECV)
                .extracting(e -> e.tag() + ":" + e.start() + ".." + e.end() + " from " + e.peer())
                .containsExactly("3:20..22 from 0", "1:24..26 from 0", "2:28..30 from 0");
        assertThat(r.latency().getTotalCount()).as("every received message's latency is recorded").isEqualTo(3);
    }

    @Test
    void anySourceWithATagTakesTheSmallestArrivalThenSourceAmongMatches() {
        // Rank 1 sends tag 9 at 0..2 (arrives 12), then tag 5 at 4..6 (arrives 16).
        // Rank 2 computes 2, sends tag 7 at 2..4 (arrives 14), tag 5 at max(4, 2+4) = 6..8 (arrives 18).
        // Rank 3 computes 4, sends tag 5 at 4..6 (arrives 16): ties rank 1's tag 5 on arrival.
        // Rank 0: recv(ANY, 7) has one match, rank 2's at 14: 14..16.
        // recv(ANY, 5): matches arrive 16 (rank 1), 18 (rank 2), 16 (rank 3): (16, 1) first,
        //   start max(16, 16, 14 + 4) = 18, ends 20.
        // recv(ANY, 5): (16, 3): start max(20, 16, 18 + 4) = 22, ends 24.
        // recv(ANY, 5): (18, 2): start max(24, 18, 26) = 26, ends 28.
        // recvAny(): the tag 9 passed over, queued since: start max(28, 12, 30) = 30, ends 32.
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        RunResult r = Machine.run(params(4), ClockKind.MODEL, p -> {
            switch (p.rank()) {
                case 0 -> {
                    for (int tag : new int[] {7, 5, 5, 5}) {
                        Message m = p.recv(ANY_SOURCE, tag);
                        log.add(m.source() + ":" + m.tag() + "/" + m.arrival() + "@" + p.now());
                    }
                    Message m = p.recvAny();
                    log.add(m.source() + ":" + m.tag() + "/" + m.arrival() + "@" + p.now());
                }
                case 1 -> {
                    p.send(0, 9, null);
                    p.send(0, 5, null);
                }
                case 2 -> {
                    p.compute(2);
                    p.send(0, 7, null);
                    p.send(0, 5, null);
                }
                default -> {
                    p.compute(4);
                    p.send(0, 5, null);
                }
            }
        });
        assertThat(log).containsExactly("2:7/14@16", "1:5/16@20", "3:5/16@24", "2:5/18@28", "1:9/12@32");
        assertThat(r.finishTime(0)).isEqualTo(32);
    }

    @Test
    void aWildcardReceiveDoesNotTakeAMessageThatCouldStillBeBeaten() {
        // Rank 1 sends tag 5 at once (0..2, arrives 12). Rank 2 computes 1 and sends tag 5 at 1..3
        // (arrives 13). Rank 0 computes 20 first, so both have arrived when it asks: it must take
        // rank 1's (12), whichever thread ran first. Then rank 2's: start max(22, 13, 24) = 24, ends 26.
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        for (int run = 0; run < 20; run++) {
            List<String> one = Collections.synchronizedList(new ArrayList<>());
            Machine.run(params(3), ClockKind.MODEL, p -> {
                if (p.rank() == 0) {
                    p.compute(20);
                    Message a = p.recv(ANY_SOURCE, 5);
                    Message b = p.recv(ANY_SOURCE, 5);
                    one.add(a.source() + "," + b.source() + "@" + p.now());
                } else {
                    p.compute(p.rank() - 1);
                    p.send(0, 5, null);
                }
            });
            log.addAll(one);
        }
        assertThat(log).hasSize(20).containsOnly("1,2@26");
    }

    @Test
    void pollAndRecvByAnswerNullOnlyWhenNoMatchCanArriveByTheDeadline() {
        // Rank 1 sends tag 1 at 0..2 (arrives 12), tag 2 at 4..6 (arrives 16).
        // Rank 0: poll(1, 2) at 0: nothing by 0, null, now 0.
        // recvBy(1, 2, 15): tag 2 arrives at 16 > 15: null, idles to 15 (tag 1 arrived by then but
        //   does not match: it stays queued).
        // recvBy(ANY, 2, 16): arrives at 16: 16..18.
        // poll(1, 1) at 18: the queued tag 1 (arrived 12): start max(18, 12, 16 + 4) = 20, ends 22.
        // recvBy(1, 1, 100): rank 1 has finished, nothing more: null, idles to 100.
        // poll(ANY, ANY): null, now stays 100.
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Machine.run(params(2), ClockKind.MODEL, p -> {
            if (p.rank() == 1) {
                p.send(0, 1, 1L);
                p.send(0, 2, 2L);
                return;
            }
            log.add(p.poll(1, 2) + "@" + p.now());
            log.add(p.recvBy(1, 2, 15) + "@" + p.now());
            Message m = p.recvBy(ANY_SOURCE, 2, 16);
            log.add(m.tag() + "/" + m.arrival() + "@" + p.now());
            m = p.poll(1, 1);
            log.add(m.tag() + "/" + m.arrival() + "@" + p.now());
            log.add(p.recvBy(1, 1, 100) + "@" + p.now());
            log.add(p.poll(ANY_SOURCE, ANY_TAG) + "@" + p.now());
        });
        assertThat(log).containsExactly("null@0", "null@15", "2/16@18", "1/12@22", "null@100", "null@100");
    }

    @Test
    void aQueuedMatchThatArrivesAfterTheDeadlineAnswersNullAtOnce() {
        // Rank 1 sends tag 1 (arrives 12), tag 2 (arrives 16). Rank 0: recv(1, 2) passes tag 1 over
        // and takes tag 2 at 16..18; recvBy(1, 1, 11): the queued tag 1 arrived at 12 > 11, and no
        // later message from rank 1 arrives earlier: null, now stays 18 (the deadline is past).
        // recvBy(1, 1, 20) takes it: start max(18, 12, 16 + 4) = 20, ends 22.
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Machine.run(params(2), ClockKind.MODEL, p -> {
            if (p.rank() == 1) {
                p.send(0, 1, null);
                p.send(0, 2, null);
                return;
            }
            p.recv(1, 2);
            log.add(p.recvBy(1, 1, 11) + "@" + p.now());
            log.add(p.recvBy(1, 1, 20).tag() + "@" + p.now());
        });
        assertThat(log).containsExactly("null@18", "1@22");
    }

    @Test
    void theInOrderReceivesTakeTheQueuedMessagesOfTheirSourceFirst() {
        // Rank 1 sends longs 10, 20, 30, 40, 50 tagged 1..5: arrivals 12, 16, 20, 24, 28.
        // Rank 0: recv(1, 3): 20..22. recv(1): the queued 10, start max(22, 12, 24) = 24, ends 26.
        // recvLong(1, 2): the queued 20, 28..30. recvAny(): nothing queued any more: the channel's
        // 40 (arrived 24), 32..34. drain(1, 5): 50 (arrived 28), 36..38.
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Machine.run(params(2), ClockKind.MODEL, p -> {
            if (p.rank() == 1) {
                for (int tag = 1; tag <= 5; tag++) {
                    p.sendLong(0, tag, 10L * tag);
                }
                return;
            }
            log.add(p.recv(1, 3).asLong() + "@" + p.now());
            log.add(p.recv(1).asLong() + "@" + p.now());
            log.add(p.recvLong(1, 2) + "@" + p.now());
            log.add(p.recvAny().asLong() + "@" + p.now());
            p.drain(1, 5, m -> log.add(m.asLong() + "@" + p.now()));
        });
        assertThat(log).containsExactly("30@22", "10@26", "20@30", "40@34", "50@38");
    }

    @Test
    void recvAnyAndDrainSeeQueuedMessagesInTheirSendersOrder() {
        // Rank 1 sends tags 1, 2, 3 (arrivals 12, 16, 20); rank 2 sends tag 7 at 0 (arrives 12).
        // Rank 0: recv(ANY, 3) takes rank 1's tag 3 at 20..22, having queued every message it saw.
        // recvAny(): queued (12, 1), (12, 2): rank 1's tag 1, start max(22, 12, 24) = 24, ends 26.
        // recvAny(): rank 2's tag 7 (12): 28..30. drain(1, 2): rank 1's tag 2 (16): 32..34.
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        RunResult r = Machine.run(params(3), ClockKind.MODEL, p -> {
            switch (p.rank()) {
                case 0 -> {
                    log.add(p.recv(ANY_SOURCE, 3).tag() + "@" + p.now());
                    log.add(p.recvAny().tag() + "@" + p.now());
                    log.add(p.recvAny().tag() + "@" + p.now());
                    int n = p.drain(1, 2, m -> log.add(m.tag() + "@" + p.now()));
                    log.add("drained " + n);
                }
                case 1 -> {
                    for (int tag = 1; tag <= 3; tag++) {
                        p.send(0, tag, null);
                    }
                }
                default -> p.send(0, 7, null);
            }
        });
        assertThat(log).containsExactly("3@22", "1@26", "7@30", "2@34", "drained 1");
        assertThat(r.inFlight()).isEmpty();
    }

    @Test
    void recvLongOfAnotherTagStillFailsAndConsumesTheQueuedMessage() {
        // recvLong(src, tag) is an in-order receive: the next message from rank 0 is the queued tag 1.
        RunFailedException e = catchThrowableOfType(RunFailedException.class,
                () -> Machine.run(params(2), ClockKind.MODEL, p -> {
                    if (p.rank() == 0) {
                        sendTags123(p);
                        return;
                    }
                    p.recv(0, 3);
                    p.recvLong(0, 2);
                }));
        assertThat(e.getCause()).isInstanceOf(IllegalStateException.class)
                .hasMessage("expected a long tagged 2 from rank 0, got tag 1 with a Long");
    }

    @Test
    void aWildcardTagIsRecvAndBothWildcardsAreRecvAny() {
        // recv(0, ANY_TAG) is recv(0), recv(ANY, ANY) is recvAny(): arrivals 12, 16, 20 received
        // at 12..14, 16..18, 20..22.
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Machine.run(params(2), ClockKind.MODEL, p -> {
            if (p.rank() == 0) {
                sendTags123(p);
                return;
            }
            log.add(p.recv(0, ANY_TAG).tag() + "@" + p.now());
            log.add(p.recv(ANY_SOURCE, ANY_TAG).tag() + "@" + p.now());
            log.add(p.recvBy(ANY_SOURCE, ANY_TAG, 20).tag() + "@" + p.now());
        });
        assertThat(log).containsExactly("1@14", "2@18", "3@22");
    }

    @ParameterizedTest
    @EnumSource(ClockKind.class)
    void anUnmatchedTaggedReceiveIsADeadlockNamedInWords(ClockKind clock) {
        DeadlockException e = catchThrowableOfType(DeadlockException.class,
                () -> Machine.run(params(2), clock, p -> {
                    if (p.rank() == 0) {
                        sendTags123(p);
                    } else {
                        p.recv(0, 4);
                    }
                }));
        assertThat(e.waits()).containsExactly(new DeadlockException.Wait(1, DeadlockException.Kind.RECV, 0, 4));
        assertThat(e).hasMessageEndingWith("rank 1 waits to receive from rank 0 with tag 4");
    }

    @ParameterizedTest
    @EnumSource(ClockKind.class)
    void anUnmatchedAnySourceReceiveIsADeadlockNamedInWords(ClockKind clock) {
        DeadlockException e = catchThrowableOfType(DeadlockException.class,
                () -> Machine.run(params(3), clock, p -> {
                    switch (p.rank()) {
                        case 0 -> sendTags123(p);
                        case 1 -> {
                            p.recv(ANY_SOURCE, 3);
                            p.recv(ANY_SOURCE, 3);
                        }
                        default -> p.recv(1, 8);
                    }
                }));
        assertThat(e.waits()).containsExactly(new DeadlockException.Wait(1, DeadlockException.Kind.RECV_ANY, -1, 3),
                new DeadlockException.Wait(2, DeadlockException.Kind.RECV, 1, 8));
        assertThat(e).hasMessageContaining("rank 1 waits to receive from any rank with tag 3; "
                + "rank 2 waits to receive from rank 1 with tag 8");
    }

    @ParameterizedTest
    @EnumSource(ClockKind.class)
    void messagesLeftInTheQueueCountAsInFlight(ClockKind clock) {
        // Rank 0 sends tags 1..3 and then 4; rank 1 takes tag 3: tags 1 and 2 are left in its queue,
        // tag 4 in the channel: three from rank 0 to rank 1.
        try (Machine machine = Machine.open(RunConfig.builder(params(2)).clock(clock).build())) {
            RunResult r = machine.run(p -> {
                if (p.rank() == 0) {
                    sendTags123(p);
                    p.sendLong(1, 4, 4);
                } else {
                    p.recv(0, 3);
                }
            });
            assertThat(r.inFlight()).containsExactly(new RunResult.InFlight(0, 1, 3));
            assertThat(r.messagesSent()).isEqualTo(4);
            assertThat(r.messagesReceived()).isEqualTo(1);
            // The next run on the machine starts with an empty queue.
            List<Long> next = Collections.synchronizedList(new ArrayList<>());
            RunResult again = machine.run(p -> {
                if (p.rank() == 0) {
                    p.sendLong(1, 9, 9);
                } else {
                    next.add(p.recv(0).asLong());
                    next.add(p.poll(ANY_SOURCE, ANY_TAG) == null ? -1L : 0L);
                }
            });
            assertThat(next).containsExactly(9L, -1L);
            assertThat(again.inFlight()).isEmpty();
        }
    }

    @Test
    void aSourceOutsideTheRunIsRefused() {
        RunFailedException e = catchThrowableOfType(RunFailedException.class,
                () -> Machine.run(params(2), ClockKind.MODEL, p -> p.recv(-2, 0)));
        assertThat(e.getCause()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("source rank -2 is outside 0..1 and is not ANY_SOURCE (-1)");
        assertThatThrownBy(() -> Machine.run(params(2), ClockKind.MODEL, p -> p.recvBy(2, ANY_TAG, 5)))
                .hasRootCauseMessage("source rank 2 is outside 0..1 and is not ANY_SOURCE (-1)");
    }

    @Test
    void wallClockTaggedReceivesTakeTheirMatchesAndKeepTheRest() {
        // Nothing injected: times are real; what is received, and in which order, is not.
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        RunResult r = Machine.run(LogP.of(0, 0, 0, 3), ClockKind.WALL, p -> {
            switch (p.rank()) {
                case 0 -> {
                    log.add("a" + p.recv(1, 3).asLong());
                    log.add("b" + p.recv(ANY_SOURCE, 9).asLong());
                    Message none;
                    do {
                        none = p.poll(2, 8);
                    } while (none == null);
                    log.add("c" + none.asLong());
                    log.add("d" + p.recv(1).asLong() + "," + p.recvLong(1, 2) + "," + p.recvAny().asLong());
                    log.add("e" + p.poll(ANY_SOURCE, ANY_TAG));
                }
                case 1 -> {
                    for (int tag = 1; tag <= 3; tag++) {
                        p.sendLong(0, tag, tag);
                    }
                }
                default -> {
                    p.sendLong(0, 9, 90);
                    p.sendLong(0, 8, 80);
                    p.sendLong(0, 7, 70);
                }
            }
        });
        assertThat(log).containsExactly("a3", "b90", "c80", "d1,2,70", "enull");
        assertThat(r.inFlight()).isEmpty();
    }
}
