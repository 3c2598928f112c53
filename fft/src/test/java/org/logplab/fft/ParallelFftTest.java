package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;

/** The butterfly-exchange FFT equals the serial one, in both forms and both clocks, in the predicted model time. */
class ParallelFftTest {

    @Test
    void masterWorkerShouldEqualTheSerialFftForEveryPUnderBothClocks() {
        Random random = new Random(4);
        for (int log = 1; log <= 14; log++) {
            int n = 1 << log;
            double[] a = random.doubles(2 * n, -1, 1).toArray();
            double[] serial = a.clone();
            Fft.forward(serial);
            for (int p = 1; p <= Math.min(16, n / 2); p *= 2) {
                for (ClockKind clock : ClockKind.values()) {
                    double[] parallel = a.clone();
                    int procs = p;
                    Machine.run(LogP.of(clock == ClockKind.MODEL ? 50 : 0, 1, 2, procs), clock,
                            procs > 2 ? ThreadKind.VIRTUAL : ThreadKind.PLATFORM,
                            proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? parallel : null, 1));
                    assertThat(ComplexArrays.relativeRmsError(parallel, serial))
                            .as("N=%d p=%d %s", n, p, clock).isLessThan(1e-12);
                }
            }
        }
    }

    @Test
    void modelTimeShouldEqualThePredictionAndTheClosedForm() {
        Random random = new Random(5);
        for (int trial = 0; trial < 60; trial++) {
            int p = 1 << random.nextInt(5);
            int n = p * (2 << random.nextInt(8));
            long elementCost = random.nextInt(4);
            LogP params = new LogP(random.nextInt(100), random.nextInt(10), random.nextInt(30), p, random.nextInt(2));
            double[] a = random.doubles(2 * n).toArray();
            RunResult r = Machine.run(params, ClockKind.MODEL, ThreadKind.VIRTUAL,
                    proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? a : null, elementCost));
            assertThat(r.makespan()).as("%s N=%d c=%d", params, n, elementCost)
                    .isEqualTo(FftTiming.masterWorker(params, p, n, elementCost));
            int block = n / p;
            RunResult d = Machine.run(params, ClockKind.MODEL, ThreadKind.VIRTUAL, proc -> ExchangeFft.transform(
                    proc, random(2 * block, proc.rank()), elementCost));
            assertThat(d.makespan()).isEqualTo(FftTiming.distributed(params, p, block, elementCost));
        }
        // Closed form when the gap never binds: local c B log2 B, then per stage a send (o + (16B-1)G),
        // the partner's message L later, its receive o, and c B of butterflies.
        LogP params = new LogP(40, 3, 5, 8, 1);
        int block = 64;
        long busy = 3 + (16 * 64 - 1);
        assertThat(FftTiming.distributed(params, 8, block, 2)).isEqualTo(2L * 64 * 6 + 3 * (busy + 40 + 3 + 2 * 64));
    }

    @Test
    void shouldRejectBadInput() {
        assertThatThrownBy(() -> Machine.run(LogP.of(1, 1, 1, 3), ClockKind.MODEL,
                proc -> ExchangeFft.transform(proc, new double[8], 1)))
                .hasStackTraceContaining("processor count p must be a power of two");
        assertThatThrownBy(() -> Machine.run(LogP.of(1, 1, 1, 4), ClockKind.MODEL,
                proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? new double[8] : null, 1)))
                .hasStackTraceContaining("N/p must be at least 2");
        assertThatThrownBy(() -> Machine.run(LogP.of(1, 1, 1, 2), ClockKind.MODEL,
                proc -> ExchangeFft.transform(proc, new double[12], 1)))
                .hasStackTraceContaining("power of two");
    }

    private static double[] random(int n, long seed) {
        return new Random(seed).doubles(n).toArray();
    }
}
