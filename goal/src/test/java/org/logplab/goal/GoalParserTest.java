package org.logplab.goal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.logplab.goal.GoalTestSchedules.PING_PONG;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The GOAL text LogGOPSim's txt2bin reads, read the same; and every refusal, in its words. */
class GoalParserTest {

    @Test
    void readsEveryFieldOfEveryOperation() {
        GoalSchedule s = GoalParser.parse("""
                num_ranks 3
                rank 0 {
                a: send 100b to 2 tag 4294967294 cpu 1 nic 2
                b: recv 5b from -1 tag -1
                calc 250 cpu 3
                c: recv 0b from 1
                a irequires b
                c requires a
                c requires a
                }
                rank 1 {
                }
                rank 2 {
                }
                """);
        assertThat(s.ranks()).isEqualTo(3);
        assertThat(s.operations()).isEqualTo(4);
        assertThat(s.first(1)).isEqualTo(4);
        assertThat(s.end(2)).isEqualTo(4);
        assertThat(s.kind(0)).isEqualTo(OpKind.SEND);
        assertThat(s.size(0)).isEqualTo(100);
        assertThat(s.peer(0)).isEqualTo(2);
        assertThat(Integer.toUnsignedLong(s.tag(0))).isEqualTo(4294967294L);
        assertThat(s.cpu(0)).isEqualTo(1);
        assertThat(s.nic(0)).isEqualTo(2);
        assertThat(s.kind(1)).isEqualTo(OpKind.RECV);
        assertThat(s.peer(1)).isEqualTo(GoalSchedule.ANY);
        assertThat(s.tag(1)).isEqualTo(GoalSchedule.ANY);
        assertThat(s.kind(2)).isEqualTo(OpKind.CALC);
        assertThat(s.size(2)).isEqualTo(250);
        assertThat(s.cpu(2)).isEqualTo(3);
        assertThat(s.label(2)).isNull();
        assertThat(s.name(2)).isEqualTo("#3");
        assertThat(s.tag(3)).as("tag defaults to 0").isZero();
        assertThat(s.maxCpu()).isEqualTo(3);
        assertThat(s.maxNic()).isEqualTo(2);
        // a irequires b: a waits for b to start; c requires a twice: counted twice, as LogGOPSim counts it
        assertThat(s.startDependentCount(1)).isEqualTo(1);
        assertThat(s.startDependent(1, 0)).isZero();
        assertThat(s.finishDependentCount(0)).isEqualTo(2);
        assertThat(s.requirements(3)).isEqualTo(2);
        assertThat(s.requirements(0)).isEqualTo(1);
        assertThat(s.dependencies()).isEqualTo(3);
        assertThat(s.text(0)).isEqualTo("send 100b to 2 tag 4294967294 cpu 1 nic 2");
        assertThat(s.text(1)).isEqualTo("recv 5b from -1 tag -1");
    }

    @Test
    void readsWhatTxt2binReadsBesideTheUsualLayout() {
        // comments where a statement starts, a rank block opened on a line with what follows, keywords without
        // spaces where txt2bin's scanner needs none, tabs, CRLF, no line break at the end: txt2bin reads this text
        // and LogGOPSim prints the ping-pong's times for it
        GoalSchedule s = GoalParser.parse("// a schedule\r\n/* two\nlines */num_ranks 2\nrank 0 {l1:send\t8bto1tag7"
                + "cpu0nic0\n/**/l2 : recv 8 b from1 tag7\nl2 requiresl1\n}rank 1 {\nl1: recv 8b from 0 tag 7\n"
                + "l2: send 8b to 0 tag 7\nl2 requires l1\n}");
        assertThat(s).isEqualTo(GoalParser.parse(PING_PONG));
    }

    @Test
    void readsSpaceBeforeAStatementWhichTxt2binAsBuiltRefuses() {
        // txt2bin's generated scanner falls through its rule for spaces where a statement starts: it refuses
        // "  calc 5" and "} rank 1 {"; indented GOAL is common, so it is read here
        GoalSchedule s = GoalParser.parse("num_ranks 2 rank 0 {\n  l1: send 8b to 1 tag 7\n\tl2: recv 8b from 1 tag 7\n"
                + "  l2 requires l1\n  } rank 1 { l1: recv 8b from 0 tag 7\n /* c */ l2: send 8b to 0 tag 7\n"
                + "  l2 requires l1\n }\n");
        assertThat(s).isEqualTo(GoalParser.parse(PING_PONG));
    }

    @Test
    void labelsMayBeWordsThatAreKeywordsOnlyLaterInAStatement() {
        GoalSchedule s = GoalParser.parse("num_ranks 1\nrank 0 {\ntag: calc 5\nrequires: calc 6\n"
                + "requires requires tag\n}");
        assertThat(s.label(0)).isEqualTo("tag");
        assertThat(s.finishDependent(0, 0)).isEqualTo(1);
    }

    @Test
    void aSyntaxErrorNamesTheFileLineAndColumnAndWhatWasExpected() {
        assertRefused("num_ranks 1\nrank 0 {\nl1: send 8 to 1\n}", "<text>:3:12: expected b (bytes) after the size,"
                + " found 't'");
        assertRefused("num_ranks 1\nrank 0 {\nsend 8b to 0 tag x\n}", "<text>:3:18: expected an integer (the tag (or"
                + " -1, any tag)), found 'x'");
        assertRefused("num_ranks 1\nrank 0 {\nl1: sned 8b to 0\n}", "<text>:3:5: expected send, recv or calc, found"
                + " 's'");
        assertRefused("num_ranks 1\nrank 0 {\nl1 needs l2\n}", "<text>:3:4: expected : (a label), requires or"
                + " irequires, found 'n'");
        assertRefused("num_ranks 1\nrank 0 {\nsend 8b from 0\n}", "<text>:3:9: expected to, found 'f'");
        assertRefused("num_ranks 1\nrank 0 {\ncalc 5 nic 1\n}", "<text>:3:8: expected cpu or the end of the line,"
                + " found 'n'");
        assertRefused("num_ranks 1\nrank 0 {\nsend 8b to 0 nic 1 cpu 1\n}", "<text>:3:20: expected tag, cpu, nic or"
                + " the end of the line, in that order, found 'c'");
        assertRefused("num_ranks 1\nrank 0 {\nsend 8b to 0 }", "<text>:3:14: expected tag, cpu, nic or the end of"
                + " the line, in that order, found '}'");
        assertRefused("num_ranks 1\nrank 0 {\n\u00e9\n}", "<text>:3:1: expected rank, num_ranks, send, recv, calc,"
                + " a label, } or the end of the line, found the byte 0xC3");
        assertRefused("num_ranks 1\nrank 0 {\nl1 requires\n}", "<text>:3:12: expected a label, found the end of the"
                + " line");
        assertRefused("num_ranks 1\nrank 0 {\ncalc 5\r}", "<text>:3:7: expected cpu or the end of the line, found"
                + " the byte 0x0D");
        assertRefused("num_ranks 1\nrank 0 /* c */ {\n}", "<text>:2:8: expected {, found '/'");
    }

    @Test
    void aRankOutOfOrderOrOutOfRangeIsRefused() {
        assertRefused("num_ranks 2\nrank 1 {\n}\nrank 0 {\n}", "<text>:2:6: the first rank block must be rank 0's,"
                + " not rank 1's");
        assertRefused("num_ranks 3\nrank 0 {\n}\nrank 2 {\n}", "<text>:4:6: rank 2 comes out of order: after rank 0"
                + " comes rank 1");
        assertRefused("num_ranks 1\nrank 0 {\n}\nrank 1 {\n}", "<text>:4:6: rank 1 is out of range: num_ranks is 1,"
                + " so ranks are 0..0");
        assertRefused("num_ranks 3\nrank 0 {\n}\nrank 1 {\n}", "<text>: num_ranks is 3 but only ranks 0..1 have"
                + " blocks: rank 2 is missing");
        assertRefused("num_ranks 2\nrank 0 {\nsend 1b to 2\n}\nrank 1 {\n}", "<text>:3:12: rank 2 is out of range:"
                + " num_ranks is 2, so ranks are 0..1");
        assertRefused("num_ranks 2\nrank 0 {\nrecv 1b from 5\n}\nrank 1 {\n}", "<text>:3:14: rank 5 is out of range:"
                + " num_ranks is 2, so ranks are 0..1");
        assertRefused("num_ranks 2\nrank 0 {\nrank 1 {\n}\n}", "<text>:3:1: rank 1 opens inside rank 0's block: close"
                + " that with } first");
    }

    @Test
    void aPeerBeforeNumRanksIsCheckedWhenTheScheduleIsComplete() {
        // txt2bin reads num_ranks anywhere before the end of rank 0's block
        assertThat(GoalParser.parse("rank 0 {\nnum_ranks 2\nsend 1b to 1\n}\nrank 1 {\nrecv 1b from 0\n}").ranks())
                .isEqualTo(2);
        assertRefused("rank 0 {\nsend 1b to 3\nnum_ranks 2\n}\nrank 1 {\n}", "<text>: rank 0, #1: send to rank 3,"
                + " which is out of range: num_ranks is 2");
        assertRefused("rank 0 {\n}\nnum_ranks 1", "<text>:3:11: num_ranks must come before the end of rank 0's"
                + " block");
    }

    @Test
    void labelsMustBeDefinedAboveTheirDependencyAndOnlyOnce() {
        assertRefused("num_ranks 1\nrank 0 {\nl1: calc 5\nl1 requires l2\nl2: calc 6\n}", "<text>:4:13: label l2 is"
                + " not defined in rank 0 above this line");
        assertRefused("num_ranks 1\nrank 0 {\nl9 irequires l1\n}", "<text>:3:1: label l9 is not defined in rank 0"
                + " above this line");
        assertRefused("num_ranks 1\nrank 0 {\nl1: calc 5\nl1: calc 6\n}", "<text>:4:1: label l1 already names an"
                + " operation of rank 0");
        // labels are a rank's own
        assertRefused("num_ranks 2\nrank 0 {\nl1: calc 5\n}\nrank 1 {\nl2: calc 1\nl2 requires l1\n}", "<text>:7:13:"
                + " label l1 is not defined in rank 1 above this line");
    }

    @Test
    void aDependencyCycleIsRefusedNamingTheLabelsOnIt() {
        assertRefused("num_ranks 1\nrank 0 {\na: calc 1\nb: calc 2\nc: calc 3\nd: calc 4\nb requires a\nc requires b\n"
                + "d irequires c\nb requires d\n}", "<text>: dependency cycle in rank 0: b requires d, d irequires c,"
                + " c requires b: none of them can ever start");
        assertRefused("num_ranks 1\nrank 0 {\na: calc 1\na requires a\n}", "<text>: dependency cycle in rank 0: a"
                + " requires a: none of them can ever start");
    }

    @Test
    void valuesBeyondLogGopSimsRangeAreRefused() {
        assertRefused("num_ranks 1\nrank 0 {\nsend 1b to 0 tag 4294967296\n}", "<text>:3:18: tag 4294967296 is out of"
                + " range 0..4294967295 (or -1, any tag)");
        assertRefused("num_ranks 1\nrank 0 {\ncalc 1 cpu 256\n}", "<text>:3:12: cpu 256 is out of range 0..255"
                + " (LogGOPSim keeps it in a byte)");
        assertRefused("num_ranks 1\nrank 0 {\nrecv 1b from 0 nic 300\n}", "<text>:3:20: nic 300 is out of range 0..255"
                + " (LogGOPSim keeps it in a byte)");
        assertRefused("num_ranks 1\nrank 0 {\ncalc 9223372036854775808\n}", "<text>:3:6: the calc's time"
                + " 9223372036854775808 is too large: at most 9223372036854775807");
        assertRefused("num_ranks 0\n", "<text>:1:11: num_ranks must be 1..2147483647, got 0");
        assertRefused("num_ranks 1\nrank 0 {\nsend 1b to -1\n}", "<text>:3:12: a send goes to one rank: -1 (any"
                + " source) is for receives only");
    }

    @Test
    void structuralMistakesAreRefusedInWords() {
        assertRefused("rank 0 {\n}", "<text>:2:2: no num_ranks: a schedule starts with num_ranks N, the number of"
                + " ranks");
        assertRefused("num_ranks 1\nrank 0 {\ncalc 5\n", "<text>:4:1: the file ends inside rank 0's block: expected"
                + " }");
        assertRefused("num_ranks 1\n}", "<text>:2:1: } closes no rank block");
        assertRefused("num_ranks 1\ncalc 5\n", "<text>:2:1: calc outside a rank block: operations stand in a rank r"
                + " { ... } block");
        assertRefused("num_ranks 1\nrank 0 {\n}\na requires b\n", "<text>:4:1: a dependency outside a rank block:"
                + " dependencies join operations of one rank");
        assertRefused("num_ranks 2\nnum_ranks 3\n", "<text>:2:11: num_ranks 3 contradicts num_ranks 2 on line 1");
        assertRefused("num_ranks 1\n/* never closed\nrank 0 {\n}", "<text>:2:1: this comment is never closed:"
                + " expected */");
    }

    @Test
    void aFileIsNamedInItsErrorsAndOneTooLargeForTheHeapIsRefusedBeforeItIsRead(@TempDir Path dir)
            throws IOException {
        Path file = Files.writeString(dir.resolve("bad.goal"), "num_ranks 1\nrank 0 {\ncalc x\n}\n");
        assertThatThrownBy(() -> GoalParser.parse(file)).isInstanceOf(GoalException.class)
                .hasMessage(file + ":3:6: expected an integer (the calc's time), found 'x'");
        // 12 bytes of text: the estimate is 8 bytes of heap a byte and 64 MiB besides
        assertThat(GoalParser.heapFor(12)).isEqualTo(96 + (64L << 20));
        Path good = Files.writeString(dir.resolve("good.goal"), PING_PONG);
        assertThatThrownBy(() -> GoalParser.parse(good, 1L << 20)).isInstanceOf(GoalException.class)
                .hasMessage(good + " is " + PING_PONG.length() + " bytes of GOAL: its schedule and a run of it need"
                        + " about 64 MiB of heap, but this JVM may use 1 MiB: give it more (for the logplab command,"
                        + " LOGPLAB_JAVA_OPTS=-Xmx1g)");
        assertThat(GoalParser.parse(good)).isEqualTo(GoalParser.parse(PING_PONG));
    }

    static void assertRefused(String text, String message) {
        assertThatThrownBy(() -> GoalParser.parse(text)).isInstanceOf(GoalException.class).hasMessage(message);
    }
}
