package org.logplab.goal.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.logplab.goal.GoalException;
import org.logplab.goal.GoalParser;
import org.logplab.goal.GoalSchedule;

/**
 * Each of LogGOPSim's quirks, with it (LogGOPSim's numbers: it prints the same for each file) and
 * without it (the model's), worked out by hand under the defaults (an 8-byte message: send CPU
 * 1500, NIC 1042, arrival after 4000, handled in 1542).
 */
class QuirkTest {

    static ModelRun run(String goal, Set<Quirk> quirks) {
        return new GoalSimulator(LogGopsParams.DEFAULTS, quirks).run(GoalParser.parse(goal));
    }

    static Set<Quirk> without(Quirk q) {
        Set<Quirk> s = EnumSet.allOf(Quirk.class);
        s.remove(q);
        return s;
    }

    @Test
    void cpuStampStartsAnOperationOnAnotherCpuBeforeWhatItWaitsForFinished() {
        String goal = """
                num_ranks 2
                rank 0 {
                l1: recv 8b from 1 tag 0
                l2: calc 100 cpu 1
                l2 requires l1
                }
                rank 1 {
                l1: send 8b to 0 tag 0
                }
                """;
        // the message reaches rank 0 at 4000 and is handled on CPU 0 until 5542, which finishes the receive; the
        // calc becomes ready then, but LogGOPSim stamps it with its CPU 1's free time, 0: it runs 0..100
        assertThat(run(goal, Quirk.ALL).finishTimes()).containsExactly(5542, 1500);
        // the model: the calc starts when the receive finished, 5542, and runs until 5642
        assertThat(run(goal, without(Quirk.CPU_STAMP)).finishTimes()).containsExactly(5642, 1500);
    }

    @Test
    void rendezvousIndicesReleaseTheSenderOnTheReceivesCpuAndNic() {
        String goal = """
                num_ranks 2
                rank 0 {
                l1: send 70000b to 1 tag 0 cpu 1 nic 1
                l2: calc 100 cpu 1
                l2 requires l1
                }
                rank 1 {
                l1: calc 10000
                l2: recv 70000b from 0 tag 0
                l2 requires l1
                }
                """;
        // rank 0's send runs on CPU 1 (until 1500); its message reaches rank 1 at 4000 and is handled at once on
        // rank 1's CPU 1 (the send's index) until 4000 + 1500 + 69999 * 6 = 425494: unexpected. Rank 1's calc
        // holds CPU 0 until 10000, then its receive takes the message and releases the sender at 10000:
        // with the quirk, rank 0's CPU 0 (the receive's index) moves to 10000, and the calc on CPU 1 is stamped
        // with CPU 1's 1500 (it ran 1500..1600): rank 0 finishes at 10000
        assertThat(run(goal, Quirk.ALL).finishTimes()).containsExactly(10000, 425494);
        // without it, the send's own CPU 1 moves to 10000 and the calc runs 10000..10100
        assertThat(run(goal, without(Quirk.RENDEZVOUS_INDICES)).finishTimes()).containsExactly(10100, 425494);
    }

    @Test
    void receiveSizeLeavesALargerMessagesSenderWaitingForever() {
        String goal = """
                num_ranks 2
                rank 0 {
                l1: send 70000b to 1 tag 0
                l2: calc 100
                l2 requires l1
                }
                rank 1 {
                l1: calc 10000
                l2: recv 8b from 0 tag 0
                l2 requires l1
                }
                """;
        // the message is handled at 10000 (CPU busy before) until 10000 + 1500 + 69999 * 6 = 431494, unexpected;
        // the 8-byte receive takes it and, being at most S, does not release the sender: rank 0's calc never
        // runs. The matching queues are empty, so LogGOPSim prints the times as if all were done
        ModelRun with = run(goal, Quirk.ALL);
        assertThat(with.finishTimes()).containsExactly(1500, 431494);
        assertThat(with.queuesEmpty()).isTrue();
        assertThat(with.complete()).isFalse();
        assertThat(with.stuck()).extracting(StuckOperation::line).containsExactly(
                "rank 0: l1 (send 70000b to 1 tag 0): a rendezvous send (more than S = 65535 bytes) whose message a"
                        + " receive of at most S bytes took: that receive does not release it (quirk receive-size)",
                "rank 0: l2 (calc 100): waits for l1 to finish");
        // the model: the message's size decides, the sender is released at 10000 and its calc runs until 10100
        ModelRun without = run(goal, without(Quirk.RECEIVE_SIZE));
        assertThat(without.finishTimes()).containsExactly(10100, 431494);
        assertThat(without.complete()).isTrue();
    }

    @Test
    void receiveSizeReleasesAnEagerSenderASecondTime() {
        String goal = """
                num_ranks 2
                rank 0 {
                l1: send 8b to 1 tag 0
                l2: recv 8b from 1 tag 1
                l3: calc 100
                l3 requires l1
                l3 requires l2
                }
                rank 1 {
                l1: calc 10000
                l2: recv 70000b from 0 tag 0
                l2 requires l1
                l3: send 8b to 0 tag 1
                l3 requires l2
                }
                """;
        // t=0      rank 0's eager send finishes as it starts (CPU to 1500): l3 waits for l2 only; rank 0 posts l2;
        //          rank 1 computes until 10000
        // t=10000  the message (arrived at 4000) is handled until 11542, unexpected; rank 1's 70000-byte receive
        //          takes it and, being larger than S, "releases" the eager sender again: l3's count drops to 0 and
        //          it runs 10000..10100 though l2 has not finished; rank 1's send is ready at 11542
        // t=11542  rank 1 sends (CPU to 13042); arrival at 15542, handled until 17084: l2 finishes
        assertThat(run(goal, Quirk.ALL).finishTimes()).containsExactly(17084, 13042);
        // the model: l3 waits for l2, 17084, and runs until 17184
        assertThat(run(goal, without(Quirk.RECEIVE_SIZE)).finishTimes()).containsExactly(17184, 13042);
    }

    @Test
    void anyTagSendMatchesEveryTagOrIsRefused() {
        String goal = "num_ranks 2\nrank 0 {\nl1: send 8b to 1 tag -1\n}\nrank 1 {\nl1: recv 8b from 0 tag 3\n}\n";
        // tag -1 on the send matches the receive's tag 3: handled 4000..5542
        assertThat(run(goal, Quirk.ALL).finishTimes()).containsExactly(1500, 5542);
        assertThatThrownBy(() -> run(goal, without(Quirk.ANY_TAG_SEND))).isInstanceOf(GoalException.class)
                .hasMessage("rank 0, l1 (send 8b to 1 tag -1): a send with tag -1 matches any receive only under the"
                        + " quirk any-tag-send; give the send a tag, or keep that quirk");
    }

    @Test
    void readyOrderIsLibstdcxxsUnstableSortBeyondSixteenOperations() {
        // rank 0 has 9 sends (to ranks 1..9, declared first) and 8 calcs of 0 interleaved: 17 operations ready at 0.
        // Each send holds the CPU 1500, so the k-th send to go (from 0) starts at 1500 k and its destination
        // finishes at 1500 k + 5542. Kinds in declaration order: 1 3 1 3 1 3 ... 1 (send = 1, calc = 3)
        StringBuilder goal = new StringBuilder("num_ranks 10\nrank 0 {\n");
        for (int i = 0; i < 17; i++) {
            goal.append(i % 2 == 0 ? "send 8b to " + (i / 2 + 1) + " tag 0\n" : "calc 0\n");
        }
        goal.append("}\n");
        for (int r = 1; r < 10; r++) {
            goal.append("rank ").append(r).append(" {\nrecv 8b from 0 tag 0\n}\n");
        }
        // g++ 12's std::sort of the codes "13131313131313131" by code alone leaves the elements (numbered from 0)
        // in the order 8 16 14 12 10 0 6 4 2 7 5 9 11 3 13 15 1 (the program is in ReadyOrderTest): the sends
        // (even elements, element 2i to rank i + 1) go to ranks 5 9 8 7 6 1 4 3 2
        ModelRun with = run(goal.toString(), Quirk.ALL);
        long[] expected = new long[10];
        int[] sendOrder = {5, 9, 8, 7, 6, 1, 4, 3, 2};
        for (int k = 0; k < sendOrder.length; k++) {
            expected[sendOrder[k]] = 1500L * k + 5542;
        }
        expected[0] = 1500L * 8 + 1500;
        assertThat(with.finishTimes()).containsExactly(expected);
        // without it, the sends keep their order: rank r finishes at 1500 (r - 1) + 5542
        long[] stable = new long[10];
        for (int r = 1; r < 10; r++) {
            stable[r] = 1500L * (r - 1) + 5542;
        }
        stable[0] = 13500;
        assertThat(run(goal.toString(), without(Quirk.READY_ORDER)).finishTimes()).containsExactly(stable);
    }

    @Test
    void quirksAreNamedAndParsedBack() {
        assertThat(Quirk.parse("all")).isEqualTo(Quirk.ALL);
        assertThat(Quirk.parse("none")).isEmpty();
        assertThat(Quirk.parse("cpu-stamp, ready-order")).containsExactlyInAnyOrder(Quirk.CPU_STAMP,
                Quirk.READY_ORDER);
        assertThat(Quirk.describe(EnumSet.of(Quirk.READY_ORDER, Quirk.CPU_STAMP))).isEqualTo("ready-order,cpu-stamp");
        assertThat(Quirk.describe(Quirk.ALL)).isEqualTo("all");
        assertThatThrownBy(() -> Quirk.parse("cpu")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown quirk 'cpu': give all, none or a comma list of ready-order, cpu-stamp,"
                        + " rendezvous-indices, receive-size, any-tag-send");
        GoalSchedule one = GoalParser.parse("num_ranks 1\nrank 0 {\ncalc 5\n}\n");
        assertThat(new GoalSimulator(LogGopsParams.DEFAULTS, Set.of()).run(one).finishTimes()).containsExactly(5);
    }
}
