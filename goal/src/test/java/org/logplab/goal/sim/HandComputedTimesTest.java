package org.logplab.goal.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.logplab.goal.GoalTestSchedules.PING_PONG;

import org.junit.jupiter.api.Test;
import org.logplab.goal.GoalParser;
import org.logplab.goal.GoalSchedule;

/**
 * Finish times of small schedules worked out by hand, step by step, under LogGOPSim's defaults
 * {@code L=2500 o=1500 g=1000 G=6 O=0 S=65535} (LogGOPSim prints the same for each file). For an
 * 8-byte message: the send holds its CPU {@code o + 7O = 1500} and its NIC {@code g + 7G = 1042};
 * it arrives {@code o + L = 4000} after it starts; handling it holds the receiver's CPU
 * {@code o + max(7O, 7G) = 1542} and NIC {@code 1042}.
 */
class HandComputedTimesTest {

    static ModelRun run(String goal) {
        return GoalSimulator.loggopsim(LogGopsParams.DEFAULTS).run(GoalParser.parse(goal));
    }

    static long[] times(String goal) {
        ModelRun r = run(goal);
        assertThat(r.complete()).as(r.stuck().toString()).isTrue();
        return r.finishTimes();
    }

    @Test
    void pingPongOfTheIssue() {
        // t=0      rank 0 starts its send (CPU to 1500, NIC to 1042); the message arrives at 0 + 1500 + 2500 = 4000;
        //          the send is eager (8 <= S), so rank 0's receive is ready, stamped with its CPU's free time 1500
        //          rank 1 posts its receive (a receive costs nothing)
        // t=1500   rank 0 posts its receive: nothing has arrived, it waits
        // t=4000   the message reaches rank 1: CPU 4000 + 1500 + max(0, 42) = 5542; it matches the posted receive,
        //          which finishes; rank 1's send is ready at max(CPU 5542, NIC 0) = 5542
        // t=5542   rank 1 sends: CPU to 5542 + 1500 = 7042; the message arrives at 5542 + 4000 = 9542
        // t=9542   the message reaches rank 0 (CPU free since 1500): CPU 9542 + 1542 = 11084
        // Host 0 = 11084, Host 1 = 7042
        assertThat(times(PING_PONG)).containsExactly(11084, 7042);
    }

    @Test
    void binomialTreeOfEight() {
        // Schedgen's binomial broadcast on 8 ranks: each rank's sends go out 1500 apart (its CPU; its NIC needs only
        // 1042), and a message sent at t is handled by t + 4000 + 1542 = t + 5542
        // rank 0: sends at 0 (to 1), 1500 (to 2), 3000 (to 4): finishes 3000 + 1500 = 4500
        // rank 1: receives by 5542, sends at 5542 (to 3) and 7042 (to 5): 8542
        // rank 2: receives by 1500 + 5542 = 7042, sends at 7042 (to 6): 8542
        // rank 4: receives by 3000 + 5542 = 8542
        // rank 3: receives by 5542 + 5542 = 11084, sends at 11084 (to 7): 12584
        // rank 5: 7042 + 5542 = 12584; rank 6: 7042 + 5542 = 12584; rank 7: 11084 + 5542 = 16626
        String goal = """
                num_ranks 8

                rank 0 {
                l1: send 8b to 1 tag 0
                l2: send 8b to 2 tag 0
                l3: send 8b to 4 tag 0
                }

                rank 1 {
                l1: recv 8b from 0 tag 0
                l2: send 8b to 3 tag 0
                l2 requires l1
                l3: send 8b to 5 tag 0
                l3 requires l1
                }

                rank 2 {
                l1: recv 8b from 0 tag 0
                l2: send 8b to 6 tag 0
                l2 requires l1
                }

                rank 3 {
                l1: recv 8b from 1 tag 0
                l2: send 8b to 7 tag 0
                l2 requires l1
                }

                rank 4 {
                l1: recv 8b from 0 tag 0
                }

                rank 5 {
                l1: recv 8b from 1 tag 0
                }

                rank 6 {
                l1: recv 8b from 2 tag 0
                }

                rank 7 {
                l1: recv 8b from 3 tag 0
                }
                """;
        assertThat(times(goal)).containsExactly(4500, 8542, 8542, 12584, 8542, 12584, 12584, 16626);
    }

    static final String RENDEZVOUS = """
            num_ranks 2
            rank 0 {
            l1: send 70000b to 1 tag 0
            l2: calc 100
            l2 requires l1
            }
            rank 1 {
            l1: calc 10000
            l2: recv 70000b from 0 tag 0
            l2 requires l1
            }
            """;

    @Test
    void aRendezvousMessageHoldsItsSenderUntilTheReceiveTakesIt() {
        // 70000 > S = 65535: rendezvous. CPU per send o = 1500; NIC g + 69999 G = 420994
        // t=0      rank 0 sends: CPU to 1500, NIC to 420994; arrival at 4000; the send is not finished
        //          rank 1 computes until 10000; its receive becomes ready, stamped 10000
        // t=4000   the message reaches rank 1, whose CPU is busy until 10000: it waits until then
        // t=10000  the message (queued first) is handled: CPU 10000 + 1500 + max(0, 69999 * 6) = 431494; no
        //          receive is posted yet, so it is unexpected; then the receive is posted and takes it: the
        //          sender is released now (its CPU moved to max(1500, 10000) = 10000), its calc ready at 10000
        // t=10000  rank 0's calc: 10000 + 100 = 10100
        assertThat(times(RENDEZVOUS)).containsExactly(10100, 431494);
        // the same at 60000 bytes is eager: the send finishes when it starts, the calc runs at 1500..1600;
        // rank 1 handles the message at 10000: 10000 + 1500 + 59999 * 6 = 371494
        assertThat(times(RENDEZVOUS.replace("70000b", "60000b"))).containsExactly(1600, 371494);
        ModelRun r = run(RENDEZVOUS);
        assertThat(r.messages()).isEqualTo(1);
        assertThat(r.rendezvous()).isEqualTo(1);
        assertThat(r.eager()).isZero();
    }

    static final String OVERLAP = """
            num_ranks 2
            rank 0 {
            l1: recv 8b from 1 tag 0
            l2: calc 1000
            l2 irequires l1
            }
            rank 1 {
            l1: calc 5000
            l2: send 8b to 0 tag 0
            l2 requires l1
            }
            """;

    @Test
    void irequiresOverlapsTheCalcWithTheReceive() {
        // rank 1: calc 0..5000, send at 5000 (CPU to 6500), arrival at 9000
        // irequires: rank 0's receive is posted at 0, which starts it; the calc is ready at once and runs 0..1000;
        //            the message at 9000 is handled until 9000 + 1542 = 10542
        assertThat(times(OVERLAP)).containsExactly(10542, 6500);
        // requires: the calc waits for the receive to finish at 10542 and runs until 11542
        assertThat(times(OVERLAP.replace("irequires", "requires"))).containsExactly(11542, 6500);
    }

    @Test
    void wildcardReceivesTakeMessagesInArrivalOrderBySourceAndTag() {
        // rank 0 posts l1 (any source, any tag) and l2 (any source, tag 5) at 0
        // rank 2 sends tag 9 at 0: arrives 4000; rank 1 computes 0..1000, sends tag 5 at 1000: arrives 5000
        // t=4000   tag 9 from rank 2 is handled (CPU to 5542): l1 matches it (first posted, any tag); l2 does not
        // t=5000   tag 5 from rank 1 waits for the CPU until 5542, is handled until 7084 and matches l2
        String goal = """
                num_ranks 3
                rank 0 {
                l1: recv 8b from -1 tag -1
                l2: recv 8b from -1 tag 5
                }
                rank 1 {
                l1: calc 1000
                l2: send 8b to 0 tag 5
                l2 requires l1
                }
                rank 2 {
                l1: send 8b to 0 tag 9
                }
                """;
        assertThat(times(goal)).containsExactly(7084, 2500, 1500);
        // with l2 alone, tag 9 matches nothing: the run cannot finish
        ModelRun r = run(goal.replace("l1: recv 8b from -1 tag -1\n", ""));
        assertThat(r.complete()).isFalse();
        assertThat(r.stuck()).extracting(StuckOperation::line).containsExactly(
                "rank 0: l1 of rank 2 (send 8b to 0 tag 9): its message arrived here (handled until 5542); no receive"
                        + " matched it");
    }

    static String twoSends(String second) {
        return "num_ranks 2\nrank 0 {\nl1: send 8b to 1 tag 0\nl2: send 8b to 1 tag 1 " + second + "\n}\n"
                + "rank 1 {\nl1: recv 8b from 0 tag 0\nl2: recv 8b from 0 tag 1\n}\n";
    }

    @Test
    void cpuAndNicIndicesAreResourcesOfTheirOwn() {
        // one CPU and NIC: the second send waits for the CPU until 1500, arrives at 5500, and waits at rank 1 for
        // the CPU that handled the first message (4000..5542): handled 5542..7084; rank 0 finishes 1500 + 1500
        assertThat(times(twoSends("cpu 0 nic 0"))).containsExactly(3000, 7084);
        // second CPU, same NIC: the send waits for the NIC until 1042 (CPU 1 to 2542), arrives at 5042; rank 1
        // handles it on its CPU 1 (the send's index), whose NIC 0 is free from 4000 + 1042 = 5042: until 6584
        assertThat(times(twoSends("cpu 1 nic 0"))).containsExactly(2542, 6584);
        // second CPU and NIC: both sends start at 0, both messages are handled 4000..5542 side by side
        assertThat(times(twoSends("cpu 1 nic 1"))).containsExactly(1500, 5542);
    }

    @Test
    void calcsHoldTheirCpu() {
        // l1 on CPU 0 runs 0..300, l2 waits for CPU 0 and runs 300..500, l3 on CPU 1 runs 0..400: the rank is
        // done when its last CPU is, 500
        assertThat(times("num_ranks 1\nrank 0 {\nl1: calc 300\nl2: calc 200\nl3: calc 400 cpu 1\n}\n"))
                .containsExactly(500);
    }

    @Test
    void otherParametersTakePart() {
        // L=10 o=3 g=7 G=2 O=1 S=100, a 9-byte message: send CPU o + 8 O = 11, NIC g + 8 G = 23;
        // arrival at o + L = 13, handled until 13 + 3 + max(8, 16) = 32
        GoalSchedule s = GoalParser.parse("num_ranks 2\nrank 0 {\nsend 9b to 1\n}\nrank 1 {\nrecv 9b from 0\n}\n");
        ModelRun r = GoalSimulator.loggopsim(new LogGopsParams(10, 3, 7, 2, 1, 100)).run(s);
        assertThat(r.finishTimes()).containsExactly(11, 32);
        assertThat(r.makespan()).isEqualTo(32);
        assertThat(r.slowestRank()).isEqualTo(1);
    }
}
