package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Tag("slow")
class FftCommandTest {

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS) // a hang guard: wall-clock FFTs take minutes on a busy host
    void printsOneRowPerSizeProcessorsAndEngineWithTheDocumentedFields() throws Exception {
        CliTest.Outcome o = CliTest.run("fft", "--n", "2^10,4096", "--p", "1,2", "--reps", "3", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        List<JsonNode> table = rows.stream().filter(r -> r.has("engine")).toList();
        assertThat(table).hasSize(2 * 2 * 3);
        for (JsonNode r : table) {
            assertThat(r.fieldNames()).toIterable().contains("n", "p", "engine", "serial_ns", "parallel_ns", "speedup",
                    "efficiency", "gflops", "predicted_speedup", "kernels");
            // These tests' JVM runs without the incubating Vector API, so auto means scalar.
            assertThat(r.get("kernels").asText()).isEqualTo("scalar");
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
        for (long n : List.of(1024L, 4096L)) {
            assertBestSerialAt(n, table.stream().filter(r -> r.get("n").asLong() == n).toList());
        }
        JsonNode distributed = CliTest.run("fft", "--n", "2^10", "--p", "2", "--engine", "logp-distributed", "--reps",
                "3",
                "--json").json().get(0);
        assertThat(distributed.get("engine").asText()).isEqualTo("logp-distributed");
        assertThat(distributed.get("parallel_ns").asLong()).isPositive();
    }

    /**
     * The best serial time of the rows at one N, worked out here from their own figures: our
     * serial FFT's time is the median of the rows' {@code serial_ns}, each serial peer's (JTransforms
     * on one thread, FFTW) its row's {@code parallel_ns}; the least of them is every row's
     * {@code best_serial_ns}, and {@code speedup_vs_best} its ratio to the row's {@code parallel_ns}.
     */
    static void assertBestSerialAt(long n, List<JsonNode> rows) {
        List<Long> ours = rows.stream().map(r -> r.get("serial_ns").asLong()).sorted().toList();
        long best = ours.get(ours.size() / 2);
        String engine = "serial";
        for (JsonNode r : rows) {
            String e = r.get("engine").asText();
            boolean peer = r.get("p").asInt() == 1 && (e.equals("jtransforms") || e.equals("fftw"));
            if (peer && r.get("parallel_ns").asLong() < best) {
                best = r.get("parallel_ns").asLong();
                engine = e;
            }
        }
        for (JsonNode r : rows) {
            assertThat(r.get("best_serial_ns").asLong()).as("N = %d", n).isEqualTo(best);
            assertThat(r.get("best_serial_engine").asText()).as("N = %d", n).isEqualTo(engine);
            assertThat(r.get("speedup_vs_best").asDouble()).isCloseTo(best / r.get("parallel_ns").asDouble(),
                    org.assertj.core.api.Assertions.within(1e-9));
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS) // a hang guard: wall-clock FFTs take minutes on a busy host
    void withoutASerialPeerTheBestSerialIsOursAndOneLineSaysSo() {
        CliTest.Outcome o = CliTest.run("fft", "--n", "2^10", "--p", "2", "--engine", "logp", "--reps", "3");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).contains("vs best serial");
        assertThat(o.out().lines().filter(l -> l.startsWith("best serial")).toList()).containsExactly(
                "best serial: no serial peer ran (jtransforms at p = 1, fftw), so 'vs best serial' is over our own"
                + " serial FFT; add --p 1 and --engine jtransforms,fftw to measure against the best serial code");
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS) // a hang guard: wall-clock FFTs take minutes on a busy host
    void withFftwTheBestSerialIsTheLeastOfOursJTransformsAndFftwAndTheLineNamesIt() throws Exception {
        CliTest.Outcome o = CliTest.run("fft", "--n", "2^10", "--p", "1,2", "--engine", "logp,jtransforms,fftw",
                "--reps", "3", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        Assumptions.assumeFalse(o.err().contains("fftw left out"), "FFTW is not installed on this host (apt-get install"
                + " libfftw3-dev): " + o.err().lines().filter(l -> l.contains("fftw left out")).findFirst().orElse(""));
        List<JsonNode> rows = o.json().stream().filter(r -> r.has("engine")).toList();
        assertThat(rows).extracting(r -> r.get("engine").asText()).contains("fftw");
        assertBestSerialAt(1024, rows);
        CliTest.Outcome text = CliTest.run("fft", "--n", "2^10", "--p", "1", "--engine", "fftw", "--reps", "3");
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).containsPattern("best serial at each N, the baseline of 'vs best serial' .*: 2\\^10 "
                + "(fftw [0-9.,]+ us \\(ours takes [0-9.]+x\\)|our serial FFT [0-9.,]+ us)");
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS) // a hang guard: wall-clock FFTs take minutes on a busy host
    void breakdownGivesEveryPhaseOfEachRuntimeEngineAndNoneTheFormDoesNotHave() throws Exception {
        CliTest.Outcome o = CliTest.run("fft", "--n", "2^12", "--p", "2", "--engine",
                "logp,logp-seed,logp-distributed,logp-distributed-seed,forkjoin", "--reps", "3", "--breakdown",
                "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> phases = o.json().stream().filter(r -> r.has("breakdown")).toList();
        assertThat(phases).extracting(r -> r.get("engine").asText())
                .containsExactly("logp", "logp-seed", "logp-distributed", "logp-distributed-seed");
        for (JsonNode r : phases) {
            for (String phase : List.of("scatter", "local_fft", "snapshot", "wait", "combine", "gather")) {
                assertThat(r.get(phase + "_ns").asLong()).as(phase).isNotNegative();
                assertThat(r.get(phase + "_rank0_ns").asLong()).as(phase).isNotNegative();
            }
            assertThat(r.get("local_fft_ns").asLong()).isPositive();
            String engine = r.get("engine").asText();
            boolean masterWorker = !engine.startsWith("logp-distributed");
            boolean copies = engine.endsWith("-seed");
            // The distributed form has no scatter or gather, the lent forms no snapshot: phases a
            // form does not have are never timed, so exactly 0.
            assertThat(r.get("scatter_ns").asLong() > 0).as(engine).isEqualTo(masterWorker);
            assertThat(r.get("gather_ns").asLong() > 0).as(engine).isEqualTo(masterWorker);
            assertThat(r.get("snapshot_ns").asLong() > 0).as(engine).isEqualTo(copies);
        }
    }

    @Test
    void modelClockTimesEqualThePredictionAndTheClosedFormWithoutGaps() throws Exception {
        CliTest.Outcome o = CliTest.run("fft", "--clock", "model", "--n", "2^10", "--p", "1,4", "--L", "200", "--o",
                "20",
                "--g", "20", "--elem-cost", "2", "--engine", "logp-seed", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> rows = o.json();
        for (JsonNode r : rows) {
            assertThat(r.get("time").asLong()).isEqualTo(r.get("predicted").asLong());
            assertThat(r.get("ok").asBoolean()).isTrue();
        }
        // p = 1: c N log2 N = 2 * 1024 * 10.
        assertThat(rows.get(0).get("time").asLong()).isEqualTo(20480);
        // p = 4, B = 256, G = 0, by hand with the rules of docs/algorithms.md §1 (send busy o = 20, g = 20):
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
                "--engine", "logp,logp-seed,logp-distributed,logp-distributed-seed,forkjoin", "--json");
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).contains("forkjoin do not run on the LogP runtime");
        List<JsonNode> rows = o.json();
        assertThat(rows).extracting(r -> r.get("engine").asText())
                .containsExactly("logp", "logp-seed", "logp-distributed", "logp-distributed-seed");
        for (JsonNode r : rows) {
            assertThat(r.get("time").asLong()).isEqualTo(r.get("predicted").asLong());
            assertThat(r.get("ok").asBoolean()).isTrue();
        }
        // By hand, defaults L = 100, o = 20, g = 20, c = 1; B = 512. A 16-byte message keeps the
        // sender busy o + 15G = 35, a block o + 8191G = 8211. Local FFT c B log2 B = 4608.
        // logp-distributed: both send their lends 4608..4643, arriving 4743, received 4743..4763;
        // 256 butterflies each (c B = 512) -> 5275; done words 5275..5310, arriving 5410, received
        // 5410..5430.
        assertThat(rows.get(2).get("time").asLong()).isEqualTo(5430);
        // logp-distributed-seed: blocks sent 4608..12819, arriving 12919, received 12919..12939, + 512.
        assertThat(rows.get(3).get("time").asLong()).isEqualTo(13451);
        // logp: the view 0..35 reaches the worker at 135 (received 135..155); local FFTs end 4643
        // (master) and 4763 (worker). Lends: master 4643..4678 arriving 4778, worker 4763..4798
        // arriving 4898; master receives 4898..4918, worker 4798..4818; butterflies -> 5430 and 5330.
        // Done words: master 5430..5465 arriving 5565, worker 5330..5365 arriving 5465; master
        // receives 5465..5485, worker 5565..5585. The worker's gather word 5585..5620 arrives 5720,
        // received by the master 5720..5740.
        assertThat(rows.get(0).get("time").asLong()).isEqualTo(5740);
        // logp-seed: the block 0..8211 reaches the worker at 8311 (received ..8331); local FFTs end
        // 12819 and 12939. Blocks: master 12819..21030 arriving 21130, worker 12939..21150 arriving
        // 21250; master receives 21250..21270 -> 21782, worker 21150..21170 -> 21682. The worker's
        // block back 21682..29893 arrives 29993, received by the master 29993..30013.
        assertThat(rows.get(1).get("time").asLong()).isEqualTo(30013);
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS) // a hang guard: wall-clock FFTs take minutes on a busy host
    void fftwRunsOnOneThreadWhereInstalledAndSaysHowToInstallItElsewhere() throws Exception {
        CliTest.Outcome o = CliTest.run("fft", "--n", "2^10", "--p", "1,2", "--engine", "fftw", "--reps", "3",
                "--json");
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
        assertThat(CliTest.run("fft", "--n", "2^10", "--kernels", "simd").err())
                .contains("--kernels simd", "scalar, vector or auto");
        CliTest.Outcome vector = CliTest.run("fft", "--n", "2^10", "--kernels", "vector");
        assertThat(vector.code()).isEqualTo(2);
        assertThat(vector.err()).contains("--kernels vector", "--add-modules jdk.incubator.vector");
    }
}
