package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The trace records every operation with its model times and exports Chrome trace JSON. */
class TraceTest {

    @Test
    void traceHoldsEachSendReceiveAndComputeWithItsModelTimes() throws Exception {
        RunResult r = RunConfig.builder(LogP.of(6, 2, 4, 2)).trace(true).run(p -> {
            if (p.rank() == 0) {
                p.compute(3);
                p.send(1, 9, 5L);
            } else {
                p.recv(0);
            }
        });
        Trace trace = r.trace().orElseThrow();
        assertThat(trace.events()).containsExactly(
                new TraceEvent(0, TraceEvent.Kind.COMPUTE, 0, 3, -1, 0, 0),
                new TraceEvent(0, TraceEvent.Kind.SEND, 3, 5, 1, 9, 8),
                new TraceEvent(1, TraceEvent.Kind.RECV, 11, 13, 0, 9, 8));
        StringWriter json = new StringWriter();
        trace.writeChromeJson(json);
        String text = json.toString();
        assertThat(text).startsWith("{").contains("\"traceEvents\":[")
                .contains("\"name\":\"send to 1\"", "\"ts\":3,\"dur\":2", "\"name\":\"recv from 0\"",
                "\"ts\":11,\"dur\":2")
                .contains("\"ph\":\"s\"", "\"ph\":\"f\"");
    }

    @Test
    void noTraceUnlessAsked() {
        RunResult r = Machine.run(LogP.of(1, 1, 1, 1), ClockKind.MODEL, p -> p.compute(1));
        assertThat(r.trace()).isEmpty();
        assertThat(List.of(r.finishTimes())).hasSize(1);
    }
}
