package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code logplab streams}: every layout delivers every message, and the stream counts follow the layouts. */
class StreamsCommandTest {

    @Test
    void everyLayoutDeliversEveryMessageAndCountsItsStreams() throws Exception {
        CliTest.Outcome o = CliTest.run("streams", "--senders", "3", "--messages", "2000", "--reps", "1",
                "--term-length", "64k", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).hasSize(3);
        for (JsonNode r : rows) {
            assertThat(r.get("messages").asLong()).isEqualTo(3 * 2000);
            assertThat(r.get("senders").asInt()).isEqualTo(3);
            // One stream per sending thread, or one shared; three 64 KiB terms each.
            int streams = r.get("layout").asText().equals("per-rank-pair") ? 3 : 1;
            assertThat(r.get("publications").asInt()).isEqualTo(streams);
            assertThat(r.get("log_buffer_bytes").asLong()).isEqualTo(streams * 3L * 65536);
            assertThat(r.get("messages_per_s").asDouble()).isPositive();
        }
        assertThat(rows.get(0).get("layout").asText()).isEqualTo("per-process-pair");
        assertThat(rows.get(0).get("ratio").asDouble()).isEqualTo(1.0);
    }

    @Test
    void badSizesAreRefusedWithOneLine() {
        CliTest.Outcome o = CliTest.run("streams", "--senders", "0");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).startsWith("logplab: ").contains("senders >= 1");
    }
}
