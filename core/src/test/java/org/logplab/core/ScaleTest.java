package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The model clock on 100,000 virtual-thread processors. */
class ScaleTest {

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void hundredThousandProcessorBinaryTreeBroadcastMatchesTheHandRecursion() {
        int n = 100_000;
        long L = 6;
        long o = 2;
        long g = 3;
        RunResult r = Machine.run(LogP.of(L, o, g, n), ClockKind.MODEL, p -> {
            int me = p.rank();
            long value = me == 0 ? 99L : p.recv((me - 1) / 2).asLong();
            for (int c = 2 * me + 1; c <= 2 * me + 2 && c < n; c++) {
                p.send(c, 0, value);
            }
        });
        // Node v finishes receiving at t(v); its i-th child (i = 0, 1) at t(v) + i*max(g,o) + L + 2o.
        // A leaf finishes at t(v); an inner node after its last send, t(v) + (c-1)*max(g,o) + o.
        long[] received = new long[n];
        long gap = Math.max(g, o);
        for (int v = 1; v < n; v++) {
            int parent = (v - 1) / 2;
            int i = v - (2 * parent + 1);
            received[v] = received[parent] + i * gap + L + 2 * o;
        }
        long makespan = 0;
        for (int v = 0; v < n; v++) {
            int children = Math.max(0, Math.min(2, n - (2 * v + 1)));
            long expected = children == 0 ? received[v] : received[v] + (children - 1) * gap + o;
            assertThat(r.finishTime(v)).as("rank %d", v).isEqualTo(expected);
            makespan = Math.max(makespan, expected);
        }
        assertThat(r.makespan()).isEqualTo(makespan);
        assertThat(r.messagesSent()).isEqualTo(n - 1);
        assertThat(r.messagesReceived()).isEqualTo(n - 1);
        assertThat(r.inFlight()).isEmpty();
    }
}
