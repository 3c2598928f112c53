package org.logplab.goal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** GOAL text out: what {@link GoalWriter} writes is read back as the same schedule. */
class GoalWriterTest {

    @Property(tries = 300)
    void whatIsWrittenIsReadBackAsTheSameSchedule(@ForAll("schedules") GoalSchedule s) {
        String text = GoalWriter.toText(s);
        assertThat(GoalParser.parse(text)).as(text).isEqualTo(s);
    }

    @Provide
    Arbitrary<GoalSchedule> schedules() {
        return Arbitraries.longs().map(GoalWriterTest::random);
    }

    /** A schedule of random operations and dependencies (later on earlier, so acyclic, repeats allowed). */
    static GoalSchedule random(long seed) {
        Random r = new Random(seed);
        int ranks = 1 + r.nextInt(5);
        long[] sizes = {0, 1, 8, 65535, 65536, Long.MAX_VALUE};
        GoalSchedule.Builder b = GoalSchedule.builder();
        for (int rank = 0; rank < ranks; rank++) {
            b.rank(rank);
            int ops = r.nextInt(9);
            List<Integer> labelled = new ArrayList<>();
            for (int i = 0; i < ops; i++) {
                String label = r.nextInt(4) == 0 ? null : (r.nextBoolean() ? "l" : "x_Y") + i;
                long size = r.nextBoolean() ? sizes[r.nextInt(sizes.length)] : r.nextInt(1_000_000);
                int tag = switch (r.nextInt(4)) {
                    case 0 -> GoalSchedule.ANY;
                    case 1 -> (int) 4294967294L;
                    default -> r.nextInt(100);
                };
                int op = switch (r.nextInt(3)) {
                    case 0 -> b.send(label, size, r.nextInt(ranks), tag, r.nextInt(256), r.nextInt(256));
                    case 1 -> b.recv(label, size, r.nextInt(ranks + 1) - 1, tag, r.nextInt(3), r.nextInt(3));
                    default -> b.calc(label, size, r.nextInt(256));
                };
                if (label != null) {
                    labelled.add(op);
                }
            }
            for (int k = 0; k < labelled.size() * 2 && labelled.size() > 1; k++) {
                int i = r.nextInt(labelled.size() - 1) + 1;
                int a = labelled.get(i);
                int before = labelled.get(r.nextInt(i));
                if (r.nextBoolean()) {
                    b.requires(a, before);
                } else {
                    b.irequires(a, before);
                }
            }
        }
        return b.build(ranks);
    }

    @Test
    void writesOneStatementALineTagsAlwaysCpuAndNicWhereNotZero() {
        GoalSchedule s = GoalParser.parse("num_ranks 2\nrank 0 {\na: send 8b to 1\nb: calc 5 cpu 2\nrecv 3b from -1 tag"
                + " -1 nic 1\nb irequires a\nb requires a\n}\nrank 1 {\nrecv 8b from 0\n}\n");
        assertThat(GoalWriter.toText(s)).isEqualTo("""
                num_ranks 2

                rank 0 {
                a: send 8b to 1 tag 0
                b: calc 5 cpu 2
                recv 3b from -1 tag -1 nic 1
                b requires a
                b irequires a
                }

                rank 1 {
                recv 8b from 0 tag 0
                }
                """);
    }

    @Test
    void anOperationInADependencyWithoutALabelIsWrittenWithOneMadeForIt() {
        GoalSchedule.Builder b = GoalSchedule.builder();
        b.rank(0);
        int first = b.calc(null, 5, 0);
        int second = b.calc("op1", 6, 0);
        b.requires(second, first);
        GoalSchedule s = b.build(1);
        String text = GoalWriter.toText(s);
        assertThat(text).contains("op1_: calc 5\nop1: calc 6\nop1 requires op1_\n");
        GoalSchedule back = GoalParser.parse(text);
        assertThat(back.finishDependent(0, 0)).isEqualTo(1);
    }
}
