package org.logplab.goal.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.Trace;
import org.logplab.core.TraceEvent;
import org.logplab.core.TraceEvent.Kind;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.allreduce.ButterflyAllReduce;
import org.logplab.core.collective.allreduce.TreeReduceBroadcast;

/**
 * The GOAL written from a trace: the exact text of a small hand-made trace, the operations of
 * real model-clock runs read back from the text and compared with their traces, when LogGOPSim's
 * rules meet the model clock's and when not, and the traces it refuses.
 */
class TraceToGoalTest {

    private static TraceEvent send(int rank, long start, long end, int to, int tag, int bytes) {
        return new TraceEvent(rank, Kind.SEND, start, end, to, tag, bytes);
    }

    private static TraceEvent recv(int rank, long start, long end, int from, int tag, int bytes) {
        return new TraceEvent(rank, Kind.RECV, start, end, from, tag, bytes);
    }

    private static TraceEvent calc(int rank, long start, long end) {
        return new TraceEvent(rank, Kind.COMPUTE, start, end, -1, 0, 0);
    }

    private static String write(LogP params, TraceEvent... events) throws IOException {
        StringWriter w = new StringWriter();
        TraceToGoal.write(new Trace(ClockKind.MODEL, List.of(events)), params, w);
        return w.toString();
    }

    private static TraceToGoal.Summary summary(LogP params, TraceEvent... events) throws IOException {
        return TraceToGoal.write(new Trace(ClockKind.MODEL, List.of(events)), params, new StringWriter());
    }

    @Test
    void writesEachRanksOperationsInProgramOrderEachRequiringTheOneBefore() throws IOException {
        // L=5 o=1 g=2: rank 2 sends 16 bytes to rank 0 at 0 (arrives 1 + 5 = 6); rank 0 sends 8 bytes to
        // rank 1 at 0 (arrives 6), computes 3 from 1 to 4 and receives rank 2's message at 6; rank 1 receives
        // at 6. Events given out of order: the trace sorts them.
        LogP params = LogP.of(5, 1, 2, 3);
        TraceEvent[] events = {recv(0, 6, 7, 2, 3, 16), recv(1, 6, 7, 0, 7, 8), calc(0, 1, 4),
            send(2, 0, 1, 0, 3, 16), send(0, 0, 1, 1, 7, 8)};
        assertThat(write(params, events)).isEqualTo("""
                // The schedule of a LogP Lab model-clock run: 3 ranks, L=5 o=1 g=2 G=0 (model units), each rank's \
                operations in program order.
                // LogGOPSim gives the same finish times with -L 5 -o 1 -g 2 -G 0 -O 0 -S 65535.
                num_ranks 3

                rank 0 {
                l1: send 8b to 1 tag 7
                l2: calc 3
                l3: recv 16b from 2 tag 3
                l2 requires l1
                l3 requires l2
                }

                rank 1 {
                l1: recv 8b from 0 tag 7
                }

                rank 2 {
                l1: send 16b to 0 tag 3
                }
                """);
        TraceToGoal.Summary s = summary(params, events);
        assertThat(s).isEqualTo(new TraceToGoal.Summary(3, 2, 2, 1, 16, null));
        assertThat(s.operations()).isEqualTo(5);
        assertThat(s.logGopSimAgrees()).isTrue();
        assertThat(s.logGopSimFlags(LogP.of(5, 1, 2, 3).withP(3))).isEqualTo("-L 5 -o 1 -g 2 -G 0 -O 0 -S 65535");
        assertThat(new TraceToGoal.Summary(1, 1, 1, 0, 100_000, null).logGopSimFlags(params)).endsWith("-S 100000");
    }

    @Test
    void saysWhereLogGopSimWouldTakeAMessageBeforeTheProgramDoes() throws IOException {
        // L=10 o=2 g=3. Rank 0 receives from 1 (sent at 20, arrives 32) before 2 (sent at 0, arrives 12).
        LogP params = LogP.of(10, 2, 3, 3);
        TraceToGoal.Summary outOfOrder = summary(params, recv(0, 32, 34, 1, 0, 8), recv(0, 35, 37, 2, 0, 8),
                calc(1, 0, 20), send(1, 20, 22, 0, 0, 8), send(2, 0, 2, 0, 0, 8));
        assertThat(outOfOrder.logGopSimCaveat()).isEqualTo("rank 0's l2 (recv from 2) takes a message that arrives"
                + " at 12, not after the one its previous receive took (32): LogGOPSim takes messages in the order"
                + " they arrive");
        // L=1: rank 1's message arrives at 2 + 1 = 3, while rank 0 computes until 10 and only then sends
        // before receiving it: LogGOPSim would take it at 10, ahead of the send.
        TraceToGoal.Summary early = summary(LogP.of(1, 2, 3, 3), calc(0, 0, 10), send(0, 10, 12, 2, 0, 8),
                recv(0, 12, 14, 1, 0, 8), send(1, 0, 2, 0, 0, 8), recv(2, 13, 15, 0, 0, 8));
        String ahead = "rank 0's l3 (recv from 1) takes a message that arrives at 3, before its l2 (send) started"
                + " (10): LogGOPSim takes a message when it arrives, ahead of that operation";
        assertThat(early.logGopSimCaveat()).isEqualTo(ahead);
        assertThat(write(LogP.of(1, 2, 3, 3), calc(0, 0, 10), send(0, 10, 12, 2, 0, 8), recv(0, 12, 14, 1, 0, 8),
                send(1, 0, 2, 0, 0, 8), recv(2, 13, 15, 0, 0, 8)).lines().skip(1).findFirst().orElseThrow())
                .isEqualTo("// LogGOPSim may give other finish times (with -L 1 -o 2 -g 3 -G 0 -O 0 -S 65535): "
                        + ahead + ".");
        // The same message arriving during a computation, the receive next: LogGOPSim takes it when the
        // computation ends, as the program does.
        assertThat(summary(LogP.of(1, 2, 3, 2), calc(0, 0, 10), recv(0, 10, 12, 1, 0, 8), send(1, 0, 2, 0, 0, 8))
                .logGopSimAgrees()).isTrue();
        // Arriving before a second computation starts: LogGOPSim takes it between the two (3 to 5 on its CPU),
        // the second runs from 5 to 10, and the operation after the receive still starts at 12.
        assertThat(summary(LogP.of(1, 2, 3, 2), calc(0, 0, 3), calc(0, 3, 8), recv(0, 8, 10, 1, 0, 8),
                send(1, 0, 2, 0, 0, 8)).logGopSimAgrees()).isTrue();
        // ... unless the receive is then held by the gap: with g = 10 after the receive that started at 3, the
        // model clock receives rank 1's message (arrived at 5) at 13, LogGOPSim may take it earlier.
        assertThat(summary(LogP.of(1, 2, 10, 3), recv(0, 3, 5, 2, 0, 8), calc(0, 5, 7), calc(0, 7, 8),
                recv(0, 13, 15, 1, 0, 8), calc(1, 0, 2), send(1, 2, 4, 0, 0, 8), send(2, 0, 2, 0, 0, 8))
                .logGopSimCaveat()).isEqualTo("rank 0's l4 (recv from 1) takes a message that arrives at 5, before"
                        + " its previous operation started (7), and the receive then waited for the receive gap g"
                        + " until 13: LogGOPSim takes the message when it arrives");
        assertThat(summary(params.withG(1), send(0, 0, 2, 1, 0, 8), recv(1, 12, 14, 0, 0, 8)).logGopSimCaveat())
                .startsWith("G = 1, which the model clock charges");
    }

    /** One operation as the text says it: kind, peer (-1 for calc), tag, bytes or calc length. */
    private record Op(Kind kind, int peer, int tag, long amount) {
        static Op of(TraceEvent e) {
            return new Op(e.kind(), e.peer(), e.tag(), e.kind() == Kind.COMPUTE ? e.end() - e.start() : e.bytes());
        }
    }

    private static final Pattern OP = Pattern.compile("l(\\d+): (?:(send|recv) (\\d+)b (?:to|from) (\\d+) tag (\\d+)"
            + "|calc (\\d+))");
    private static final Pattern REQUIRES = Pattern.compile("l(\\d+) requires l(\\d+)");

    /**
     * The operations of each rank read back from the text, checking labels as it goes and, at each rank's end,
     * that its requires lines chain every operation to the one before it.
     */
    private static Map<Integer, List<Op>> read(String text, int ranks) {
        Map<Integer, List<Op>> ops = new TreeMap<>();
        List<String> chain = new ArrayList<>();
        int rank = -1;
        int expectedRank = 0;
        for (String line : text.lines().toList()) {
            assertThat(line).as("no line is indented").doesNotStartWith(" ").doesNotStartWith("\t");
            Matcher op = OP.matcher(line);
            Matcher req = REQUIRES.matcher(line);
            if (line.startsWith("//") || line.isEmpty()) {
                continue;
            } else if (line.equals("}")) {
                List<String> expected = new ArrayList<>();
                for (int k = 2; k <= ops.get(rank).size(); k++) {
                    expected.add(k + "<-" + (k - 1));
                }
                assertThat(chain).as("rank %d's requires lines", rank).isEqualTo(expected);
                chain.clear();
                rank = -1;
            } else if (line.equals("num_ranks " + ranks)) {
                rank = -1;
            } else if (line.startsWith("rank ")) {
                assertThat(line).isEqualTo("rank " + expectedRank + " {");
                rank = expectedRank++;
                ops.put(rank, new ArrayList<>());
            } else if (op.matches()) {
                List<Op> mine = ops.get(rank);
                assertThat(Integer.parseInt(op.group(1))).isEqualTo(mine.size() + 1);
                mine.add(op.group(2) == null ? new Op(Kind.COMPUTE, -1, 0, Long.parseLong(op.group(6)))
                        : new Op(op.group(2).equals("send") ? Kind.SEND : Kind.RECV, Integer.parseInt(op.group(4)),
                        Integer.parseInt(op.group(5)), Long.parseLong(op.group(3))));
            } else if (req.matches()) {
                chain.add(req.group(1) + "<-" + req.group(2));
            } else {
                throw new AssertionError("unexpected line: " + line);
            }
        }
        assertThat(expectedRank).isEqualTo(ranks);
        return ops;
    }

    @Test
    void theTextHoldsEveryOperationOfRealRunsWithItsPeerTagAndSize() throws IOException {
        LogP params = LogP.of(7, 2, 3, 11);
        Group group = Group.all(11, 4);
        for (boolean tree : new boolean[] {true, false}) {
            RunResult r = RunConfig.builder(params).trace(true).run(p -> (tree ? new TreeReduceBroadcast()
                    : new ButterflyAllReduce()).allReduce(p, group, p.rank(), Long::sum, 5));
            Trace trace = r.trace().orElseThrow();
            StringWriter w = new StringWriter();
            TraceToGoal.Summary s = TraceToGoal.write(trace, params, w);
            Map<Integer, List<Op>> read = read(w.toString(), 11);
            long sends = 0;
            long receives = 0;
            long calcs = 0;
            for (int rank = 0; rank < 11; rank++) {
                int me = rank;
                List<Op> expected = trace.events().stream().filter(e -> e.rank() == me).map(Op::of).toList();
                assertThat(read.get(rank)).as("rank %d", rank).isEqualTo(expected);
                sends += expected.stream().filter(o -> o.kind() == Kind.SEND).count();
                receives += expected.stream().filter(o -> o.kind() == Kind.RECV).count();
                calcs += expected.stream().filter(o -> o.kind() == Kind.COMPUTE).count();
            }
            assertThat(s.sends()).isEqualTo(sends).isEqualTo(r.messagesSent()).isPositive();
            assertThat(s.receives()).isEqualTo(receives).isEqualTo(r.messagesReceived());
            assertThat(s.calcs()).isEqualTo(calcs).isPositive();
            assertThat(s.largestMessage()).isEqualTo(8);
            // The tree's ranks receive in the order their messages arrive; the butterfly's fold on 11 ranks
            // (8 + 3) does not.
            assertThat(s.logGopSimAgrees()).as(s.logGopSimCaveat()).isEqualTo(tree);
        }
    }

    @Test
    void refusesWhatGoalCannotSay() {
        LogP params = LogP.of(5, 1, 2, 2);
        assertThatThrownBy(() -> TraceToGoal.write(new Trace(ClockKind.WALL, List.of()), params, new StringWriter()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a wall-clock trace has no exact schedule:"
                        + " GOAL is written from a model-clock run");
        assertThatThrownBy(() -> write(params, send(0, 0, 1, 1, -3, 8), recv(1, 6, 7, 0, -3, 8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has tag -3: GOAL's tags are"
                        + " non-negative (-1 means any tag)");
        assertThatThrownBy(() -> write(params, send(0, 0, 1, 2, 0, 8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("names peer 2, outside 0..1");
        assertThatThrownBy(() -> write(params, calc(2, 0, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("names rank 2, outside 0..1");
        assertThatThrownBy(() -> write(params, calc(0, 0, 5), send(0, 3, 4, 1, 0, 8), recv(1, 9, 10, 0, 0, 8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("starts before its")
                .hasMessageContaining("not one processor's sequential run");
        assertThatThrownBy(() -> write(params, recv(1, 6, 7, 0, 0, 8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("receives a message no event sent");
    }
}
