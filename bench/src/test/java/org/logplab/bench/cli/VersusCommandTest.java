package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code logplab versus}: our side and the floor measured and compared; bad input refused. */
@Tag("slow")
class VersusCommandTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void measuresOursBesideTheFloorAndComparesThem() throws Exception {
        CliTest.Outcome o = CliTest.run("versus", "--peers", "jctools", "--tests", "pingpong,stream,exchange",
                "--exchange-log2", "4", "--rounds", "1", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        assertThat(rows).extracting(r -> r.get("test").asText()).containsExactly("pingpong", "stream", "exchange");
        JsonNode pingpong = rows.get(0);
        assertThat(pingpong.get("size_bytes").asLong()).isEqualTo(8);
        assertThat(pingpong.get("ours_ns").asDouble()).isPositive();
        assertThat(pingpong.get("floor_ns").asDouble()).isPositive();
        assertThat(pingpong.get("ours_per_floor").asDouble())
                .isCloseTo(pingpong.get("ours_ns").asDouble() / pingpong.get("floor_ns").asDouble(),
                        org.assertj.core.data.Offset.offset(1e-9));
        assertThat(pingpong.get("mpi_ns").isNull()).isTrue();
        assertThat(pingpong.get("latency").asText()).isEqualTo("sampled");
        JsonNode stream = rows.get(1);
        assertThat(stream.get("ours_messages_per_s").asDouble())
                .isCloseTo(1e9 / stream.get("ours_ns").asDouble(), org.assertj.core.data.Offset.offset(1.0));
        JsonNode exchange = rows.get(2);
        assertThat(exchange.get("size_bytes").asLong()).isEqualTo(16L << 4);
        assertThat(exchange.get("floor_ns").isNull()).as("the floor does not exchange blocks").isTrue();
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void mpjExpressIsMeasuredWhereInstalledAndOtherwiseNamedWithItsInstallLine() throws Exception {
        CliTest.Outcome o = CliTest.run("versus", "--peers", "mpj", "--tests", "pingpong", "--rounds", "1", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode pingpong = o.json().get(0);
        assertThat(pingpong.get("mpi_ns").isNull()).as("Open MPI was not asked for").isTrue();
        if (pingpong.get("mpj_version").isNull()) {
            assertThat(pingpong.get("mpj_ns").isNull()).isTrue();
            assertThat(o.err()).contains("MPJ Express peer skipped").contains("apt-get install libmpj-java");
        } else {
            assertThat(pingpong.get("mpj_version").asText()).startsWith("MPJ Express");
            assertThat(pingpong.get("mpj_per_ours").asDouble())
                    .isCloseTo(pingpong.get("mpj_ns").asDouble() / pingpong.get("ours_ns").asDouble(),
                            org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    @Test
    void badArgumentsExitTwoNamingTheProblem() {
        assertThat(CliTest.run("versus", "--peers", "pvm").err()).contains("--peers takes jctools, mpi and mpj");
        assertThat(CliTest.run("versus", "--tests", "gather").err()).contains("unknown test 'gather'");
        assertThat(CliTest.run("versus", "--rounds", "0").code()).isEqualTo(2);
        assertThat(CliTest.run("versus", "--exchange-log2", "40").err())
                .contains("--exchange-log2 values must be 1..24");
    }
}
