package org.logplab.balance.worker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Message;

/** The node's time against the processor's, on two processors under the model clock ({@code L = 5, o = 1, g = 2}). */
class NodeProcessorTest {
    private static final LogP PARAMS = LogP.of(5, 1, 2, 2);

    @Test
    void everyOperationLeavesTheProcessorsTime() {
        long[] sender = new long[4];
        long[] receiver = new long[5];
        Machine.run(PARAMS, ClockKind.MODEL, p -> {
            NodeProcessor node = new NodeProcessor(p);
            if (p.rank() == 0) {
                node.compute(7);
                sender[0] = node.now();
                sender[1] = p.now();
                node.send(1, 3, new long[] {1}, 8);
                sender[2] = node.now();
                sender[3] = p.now();
            } else {
                // Nothing arrives by 3: the node idled until then, and knows it without a clock read.
                Message none = node.receiveBy(3);
                receiver[0] = none == null ? node.now() : -1;
                Message m = node.receiveBy(Long.MAX_VALUE);
                receiver[1] = m.tag();
                receiver[2] = m.arrival();
                receiver[3] = node.now();
                receiver[4] = p.now();
            }
        });
        assertThat(sender[0]).isEqualTo(7).isEqualTo(sender[1]);
        assertThat(sender[2]).isEqualTo(7 + 1).isEqualTo(sender[3]);
        assertThat(receiver[0]).isEqualTo(3);
        assertThat(receiver[1]).isEqualTo(3);
        assertThat(receiver[2]).isEqualTo(8 + 5);
        assertThat(receiver[3]).isEqualTo(receiver[4]).isGreaterThanOrEqualTo(receiver[2]);
    }

    @Test
    void aPollLeavesTheTimeUntilTheClockIsRead() {
        long[] receiver = new long[4];
        Machine.run(PARAMS, ClockKind.MODEL, p -> {
            NodeProcessor node = new NodeProcessor(p);
            if (p.rank() == 0) {
                node.send(1, 3, new long[] {1}, 8);
            } else {
                node.compute(20);
                Message m = node.pollAny();
                receiver[0] = m == null ? -1 : m.tag();
                receiver[1] = node.now();
                node.readClock();
                receiver[2] = node.now();
                receiver[3] = p.now();
            }
        });
        assertThat(receiver[0]).isEqualTo(3);
        assertThat(receiver[1]).isEqualTo(20);
        assertThat(receiver[2]).isEqualTo(receiver[3]).isGreaterThanOrEqualTo(20);
    }
}
