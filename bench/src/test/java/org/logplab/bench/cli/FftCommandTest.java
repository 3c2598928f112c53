package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class FftCommandTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void printsOneRowPerSizeProcessorsAndEngineWithTheDocumentedFields() throws Exception {
        CliTest.Outcome o = CliTest.run("fft", "--n", "2^10,4096", "--p", "1,2", "--reps", "3", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        List<JsonNode> table = rows.stream().filter(r -> r.has("engine")).toList();
        assertThat(table).hasSize(2 * 2 * 3);
        for (JsonNode r : table) {
            assertThat(r.fieldNames()).toIterable().contains("n", "p", "engine", "serial_ns", "parallel_ns", "speedup",
                    "efficiency", "gflops", "predicted_speedup");
            double speedup = r.get("serial_ns").asDouble() / r.get("parallel_ns").asDouble();
            assertThat(r.get("speedup").asDouble()).isCloseTo(speedup, org.assertj.core.api.Assertions.within(1e-9));
            long n = r.get("n").asLong();
            assertThat(r.get("gflops").asDouble() * r.get("parallel_ns").asDouble())
                    .isCloseTo(5.0 * n * Long.numberOfTrailingZeros(n), org.assertj.core.api.Assertions.within(1e-3));
            if (r.get("p").asInt() == 1) {
                assertThat(r.get("predicted_speedup").asDouble()).isEqualTo(1.0);
            }
        }
        assertThat(rows.get(rows.size() - 1).get("t_elem_ns").asDouble()).isPositive();
    }

    @Test
    void badInputGetsAClearError() {
        assertThat(CliTest.run("fft", "--n", "1000").err()).contains("powers of two");
        assertThat(CliTest.run("fft", "--n", "4", "--p", "4").err()).contains("N/p must be at least 2");
        assertThat(CliTest.run("fft", "--n", "1024", "--p", "3").err()).contains("--p must be a power of two");
        assertThat(CliTest.run("fft", "--engine", "fftw").err()).contains("--engine must be");
    }
}
