package org.logplab.bench.jmh.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.logplab.bench.output.JsonLines;

/** A JMH result's side comes from its method, or else from a parameter value. */
class JmhResultTest {

    private static JsonNode result(String benchmark, String params) throws Exception {
        return JsonLines.MAPPER.readTree("{\"benchmark\":\"org.logplab.bench.jmh." + benchmark + "\",\"mode\":\"avgt\","
                + "\"params\":" + params + ",\"primaryMetric\":{\"score\":2.5,\"scoreError\":\"NaN\","
                + "\"scoreUnit\":\"us/op\"}}");
    }

    @Test
    void theMethodNamesTheSideAndTheClassTheGroup() throws Exception {
        JmhResult r = JmhResult.parse(result("FftBenchmark.jtransforms", "{\"logN\":\"10\"}"));
        assertThat(r.ours()).isFalse();
        assertThat(r.side()).isEqualTo("jtransforms");
        assertThat(r.group()).isEqualTo("FftBenchmark {logN=10}");
        assertThat(r.name()).isEqualTo("FftBenchmark");
        assertThat(r.error()).as("JMH's NaN error bar").isZero();
        assertThat(r.timeMode()).isTrue();
        assertThat(JmhResult.parse(result("ExchangeFftBenchmark.oursMasterWorker", "{}")).ours()).isTrue();
    }

    @Test
    void elseAParameterNamesTheSideAndLeavesTheGroup() throws Exception {
        JmhResult r = JmhResult.parse(result("ChannelBenchmark.pingPong", "{\"impl\":\"runtime\",\"size\":\"8\"}"));
        assertThat(r.ours()).isTrue();
        assertThat(r.side()).isEqualTo("runtime");
        assertThat(r.params()).containsOnlyKeys("size");
        assertThat(r.group()).isEqualTo("ChannelBenchmark.pingPong {size=8}");
        assertThat(r.name()).isEqualTo("ChannelBenchmark.pingPong");
    }

    @Test
    void aResultWithoutASideIsLeftOut() throws Exception {
        assertThat(JmhResult.parse(result("Lonely.run", "{\"n\":\"1\"}"))).isNull();
    }
}
