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
        JsonNode distributed = CliTest.run("fft", "--n", "2^10", "--p", "2", "--engine", "logp-distributed", "--reps", "3",
                "--json").json().get(0);
        assertThat(distributed.get("engine").asText()).isEqualTo("logp-distributed");
        assertThat(distributed.get("parallel_ns").asLong()).isPositive();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void breakdownGivesEveryPhaseOfEachRuntimeEngineAndNoneTheFormDoesNotHave() throws Exception {
        CliTest.Outcome o = CliTest.run("fft", "--n", "2^12", "--p", "2", "--engine", "logp,logp-seed,logp-distributed,forkjoin",
                "--reps", "3", "--breakdown", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> phases = o.json().stream().filter(r -> r.has("breakdown")).toList();
        assertThat(phases).extracting(r -> r.get("engine").asText()).containsExactly("logp", "logp-seed", "logp-distributed");
        for (JsonNode r : phases) {
            for (String phase : List.of("scatter", "local_fft", "snapshot", "wait", "combine", "gather")) {
                assertThat(r.get(phase + "_ns").asLong()).as(phase).isNotNegative();
                assertThat(r.get(phase + "_rank0_ns").asLong()).as(phase).isNotNegative();
            }
            assertThat(r.get("local_fft_ns").asLong()).isPositive();
            boolean masterWorker = !r.get("engine").asText().equals("logp-distributed");
            // The distributed form has no scatter or gather: those phases are never timed, so exactly 0.
            assertThat(r.get("scatter_ns").asLong() > 0).isEqualTo(masterWorker);
            assertThat(r.get("gather_ns").asLong() > 0).isEqualTo(masterWorker);
        }
    }

    @Test
    void modelClockTimesEqualThePredictionAndTheClosedFormWithoutGaps() throws Exception {
        CliTest.Outcome o = CliTest.run("fft", "--clock", "model", "--n", "2^10", "--p", "1,4", "--L", "200", "--o", "20",
                "--g", "20", "--elem-cost", "2", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        for (JsonNode r : rows) {
            assertThat(r.get("time").asLong()).isEqualTo(r.get("predicted").asLong());
            assertThat(r.get("ok").asBoolean()).isTrue();
        }
        // p = 1: c N log2 N = 2 * 1024 * 10.
        assertThat(rows.get(0).get("time").asLong()).isEqualTo(20480);
        // p = 4, B = 256, G = 0, by hand with the rules of ALGORITHMS.md §1 (send busy o = 20, g = 20):
        // scatter: the master sends at 0, 20, 40 (now 60); ranks 1-3 hold their blocks at 240, 260, 280.
        // local FFT 2*256*8 = 4096: ranks 0-3 at 4156, 4336, 4356, 4376.
        // stage 0 (0-1, 2-3): 0 sends 4156, gets 1's block (sent 4336) at 4556, ends 4576+512 = 5088;
        //   1 ends 4376+20+512 = 4908; 2 gets 3's (sent 4376) at 4596, ends 5128; 3 gets 2's at 4576, ends 5108.
        // stage 1 (0-2, 1-3): 0 gets 2's (sent 5128) at 5348, ends 5880; 2 gets 0's (sent 5088) at 5308, ends 5840;
        //   1 gets 3's (sent 5108) at 5328, ends 5860; 3 gets 1's (sent 4908) at 5128, ends 5660.
        // gather in rank order: arrivals 6080 (1), 6060 (2), 5880 (3); receives start 6080, 6100, 6120: end 6140.
        assertThat(rows.get(1).get("time").asLong()).isEqualTo(6140);
    }

    @Test
    void modelClockChargesTheSeedsCopiesAndTheLentViewsTheirOwnBytes() throws Exception {
        // G = 1: a block of B = 512 points is 8192 bytes, a view or done message 16.
        CliTest.Outcome o = CliTest.run("fft", "--clock", "model", "--n", "2^10", "--p", "2", "--G", "1",
                "--engine", "logp,logp-seed,logp-distributed,forkjoin", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).contains("forkjoin do not run on the LogP runtime");
        List<JsonNode> rows = o.json();
        assertThat(rows).extracting(r -> r.get("engine").asText()).containsExactly("logp", "logp-seed", "logp-distributed");
        for (JsonNode r : rows) {
            assertThat(r.get("time").asLong()).isEqualTo(r.get("predicted").asLong());
            assertThat(r.get("ok").asBoolean()).isTrue();
        }
        long view = rows.get(0).get("time").asLong();
        long copy = rows.get(1).get("time").asLong();
        long distributed = rows.get(2).get("time").asLong();
        // Scatter and gather each move 8192 - 16 more bytes at G = 1 per byte in the seed's form.
        assertThat(copy - view).isEqualTo(2 * (8192 - 16));
        assertThat(distributed).isLessThan(view);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void fftwRunsOnOneThreadWhereInstalledAndSaysHowToInstallItElsewhere() throws Exception {
        CliTest.Outcome o = CliTest.run("fft", "--n", "2^10", "--p", "1,2", "--engine", "fftw", "--reps", "3", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).contains("p = 1 only");
        List<JsonNode> rows = o.json().stream().filter(r -> r.has("engine")).toList();
        if (o.err().contains("fftw left out")) {
            assertThat(o.err()).contains("apt-get install libfftw3-dev");
            assertThat(rows).isEmpty();
        } else {
            assertThat(rows).hasSize(1);
            assertThat(rows.get(0).get("p").asInt()).isEqualTo(1);
            assertThat(rows.get(0).get("parallel_ns").asLong()).isPositive();
        }
    }

    @Test
    void badInputGetsAClearError() {
        assertThat(CliTest.run("fft", "--n", "1000").err()).contains("powers of two");
        assertThat(CliTest.run("fft", "--n", "4", "--p", "4").err()).contains("N/p must be at least 2");
        assertThat(CliTest.run("fft", "--n", "1024", "--p", "3").err()).contains("--p must be a power of two");
        assertThat(CliTest.run("fft", "--engine", "fftx").err()).contains("--engine must be one of", "fftw");
    }
}
