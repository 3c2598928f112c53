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
class ParallelFftTest extends OnKernels {

    @Test
    void masterWorkerShouldEqualTheSerialFftForEveryPUnderBothClocksAndBothHandovers() {
        Random random = new Random(4);
        for (int log = 1; log <= 14; log++) {
            int n = 1 << log;
            double[] a = random.doubles(2 * n, -1, 1).toArray();
            double[] serial = a.clone();
            Fft.forward(serial);
            for (int p = 1; p <= Math.min(16, n / 2); p *= 2) {
                for (ClockKind clock : ClockKind.values()) {
                    for (Handover handover : Handover.values()) {
                        double[] parallel = a.clone();
                        int procs = p;
                        Machine.run(LogP.of(clock == ClockKind.MODEL ? 50 : 0, 1, 2, procs), clock,
                                procs > 2 ? ThreadKind.VIRTUAL : ThreadKind.PLATFORM,
                                proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? parallel : null, 1,
                                handover));
                        assertThat(ComplexArrays.relativeRmsError(parallel, serial))
                                .as("N=%d p=%d %s %s", n, p, clock, handover).isLessThan(1e-12);
                    }
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
            for (Handover handover : Handover.values()) {
                RunResult r = Machine.run(params, ClockKind.MODEL, ThreadKind.VIRTUAL,
                        proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? a.clone() : null, elementCost,
                        handover));
                assertThat(r.makespan()).as("%s N=%d c=%d %s", params, n, elementCost, handover)
                        .isEqualTo(FftTiming.masterWorker(params, p, n, elementCost, handover));
            }
            int block = n / p;
            RunResult d = Machine.run(params, ClockKind.MODEL, ThreadKind.VIRTUAL, proc ->
                    ButterflyExchangeFft.transform(
                    proc, random(2 * block, proc.rank()), elementCost));
            assertThat(d.makespan()).isEqualTo(FftTiming.distributed(params, p, block, elementCost));
            RunResult lent = Machine.run(params, ClockKind.MODEL, ThreadKind.VIRTUAL, proc ->
                    ButterflyExchangeFft.transform(
                    proc, random(2 * block, proc.rank()), null, elementCost, Handover.VIEW, null));
            assertThat(lent.makespan()).isEqualTo(FftTiming.distributed(params, p, block, elementCost, Handover.VIEW));
        }
        // Closed form when the gap never binds: local c B log2 B, then per stage a send (o + (16B-1)G),
        // the partner's message L later, its receive o, and c B of butterflies.
        LogP params = new LogP(40, 3, 5, 8, 1);
        int block = 64;
        long busy = 3 + (16 * 64 - 1);
        assertThat(FftTiming.distributed(params, 8, block, 2)).isEqualTo(2L * 64 * 6 + 3 * (busy + 40 + 3 + 2 * 64));
        // Lent: per stage a 16-byte lend (o + 15G = 18), L, its receive o, c B, then the same for the done word.
        assertThat(FftTiming.distributed(params, 8, block, 2, Handover.VIEW))
                .isEqualTo(2L * 64 * 6 + 3 * (2 * (18 + 40 + 3) + 2 * 64));
    }

    @Test
    void lentViewsShouldCostTheirSmallMessagesByHand() {
        // L=40 o=3 g=5 G=1, N=128 on p=2 (B=64), c=2. A view or done message is 16 bytes: o + 15G = 18;
        // a block 16*64 bytes: o + 1023G = 1026.
        // View: master sends the view 0..18; the worker has it at 18+40=58, received 58..61.
        // Local FFT c B log2 B = 768: master 18 -> 786, worker 61 -> 829.
        // Exchange, blocks lent: master sends 786..804, arrives 844; the worker sends 829..847, arrives 887.
        // Master receives 887..890, does its 32 butterflies (c B = 128) -> 1018; the worker receives
        // 847..850 -> 978. Done words: master sends 1018..1036, arrives 1076; the worker sends 978..996,
        // arrives 1036. Master receives 1036..1039; the worker 1076..1079.
        // Gather: the worker's done message 1079..1097, arrives 1137; the master receives 1137..1140.
        LogP params = new LogP(40, 3, 5, 2, 1);
        assertThat(FftTiming.masterWorker(params, 2, 128, 2, Handover.VIEW)).isEqualTo(1140);
        double[] a = random(256, 3);
        RunResult r = Machine.run(params, ClockKind.MODEL, ThreadKind.VIRTUAL,
                proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? a : null, 2, Handover.VIEW));
        assertThat(r.makespan()).isEqualTo(1140);
    }

    @Test
    void handoversMustAgree() {
        assertThatThrownBy(() -> Machine.run(LogP.of(1, 1, 1, 2), ClockKind.MODEL,
                proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? new double[8] : null, 1,
                        proc.rank() == 0 ? Handover.VIEW : Handover.COPY)))
                .hasStackTraceContaining("every rank must use the same handover");
    }

    @Test
    void shouldRejectBadInput() {
        assertThatThrownBy(() -> Machine.run(LogP.of(1, 1, 1, 3), ClockKind.MODEL,
                proc -> ButterflyExchangeFft.transform(proc, new double[8], 1)))
                .hasStackTraceContaining("processor count p must be a power of two");
        assertThatThrownBy(() -> Machine.run(LogP.of(1, 1, 1, 4), ClockKind.MODEL,
                proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? new double[8] : null, 1)))
                .hasStackTraceContaining("N/p must be at least 2");
        assertThatThrownBy(() -> Machine.run(LogP.of(1, 1, 1, 2), ClockKind.MODEL,
                proc -> ButterflyExchangeFft.transform(proc, new double[12], 1)))
                .hasStackTraceContaining("power of two");
    }

    private static double[] random(int n, long seed) {
        return new Random(seed).doubles(n).toArray();
    }
}
