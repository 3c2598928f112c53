package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;

/**
 * The butterfly-exchange FFT hands its blocks over without copies it does not need: it keeps the
 * ownership rule (checked by the runtime's debug mode) and, given a spare block per rank, runs
 * transform after transform on one machine without allocating an exchange buffer.
 */
class ButterflyExchangeFftOwnershipTest extends OnKernels {

    @Test
    void shouldEqualTheNaiveDftWithTheOwnershipCheckOnUnderBothClocksInBothHandovers() {
        Random random = new Random(11);
        for (int n : new int[] {8, 64, 512}) {
            double[][] x = {random.doubles(n, -1, 1).toArray(), random.doubles(n, -1, 1).toArray()};
            double[][] dft = NaiveDft.dft(x[0], x[1], -1);
            double[] expected = ComplexArrays.interleave(dft[0], dft[1]);
            double[] input = ComplexArrays.interleave(x[0], x[1]);
            for (int p : new int[] {2, 4, 8}) {
                if (n / p < 2) {
                    continue;
                }
                for (ClockKind clock : ClockKind.values()) {
                    double[][] outputs = new double[2][];
                    for (Handover handover : Handover.values()) {
                        double[][] blocks = blocks(input, p);
                        LogP params = LogP.of(clock == ClockKind.MODEL ? 50 : 0, 1, 2, p);
                        RunResult r = Machine.run(config(params, clock), proc -> ButterflyExchangeFft.transform(
                                proc, blocks[proc.rank()], null, 1, handover, null));
                        // A lent stage is two messages each way (the lend and the done word), a copied one one.
                        int perStage = handover == Handover.VIEW ? 2 : 1;
                        assertThat(r.messagesReceived())
                                .isEqualTo((long) perStage * p * Integer.numberOfTrailingZeros(p));
                        assertThat(r.inFlight()).isEmpty();
                        outputs[handover.ordinal()] = concat(blocks);
                        assertThat(ComplexArrays.relativeRmsError(outputs[handover.ordinal()], expected))
                                .as("N=%d p=%d %s %s", n, p, clock, handover).isLessThan(1e-12);
                        if (clock == ClockKind.MODEL) {
                            assertThat(r.makespan()).isEqualTo(FftTiming.distributed(params, p, n / p, 1, handover));
                        }
                    }
                    // The same operations in the same order: the two forms agree to the bit.
                    assertThat(outputs[Handover.VIEW.ordinal()]).as("N=%d p=%d %s", n, p, clock)
                            .isEqualTo(outputs[Handover.COPY.ordinal()]);
                }
            }
        }
    }

    @Test
    void shouldRunBackToBackOnOneMachineReusingItsSpareBlocks() {
        Random random = new Random(12);
        int n = 256;
        for (ClockKind clock : ClockKind.values()) {
            int p = clock == ClockKind.MODEL ? 4 : 2;
            int block = n / p;
            double[][] spares = new double[p][2 * block];
            Set<double[]> allSpares = identitySet(spares);
            try (Machine machine = Machine.open(config(LogP.of(0, 0, 0, p), clock))) {
                for (int run = 0; run < 200; run++) {
                    double[] input = random.doubles(2 * n, -1, 1).toArray();
                    double[] expected = input.clone();
                    Fft.forward(expected);
                    double[][] blocks = blocks(input, p);
                    // Other L, o, g, G on the same processors: the model time follows them exactly.
                    LogP params = new LogP(random.nextInt(100), random.nextInt(10), random.nextInt(30), p,
                            random.nextInt(2));
                    long cost = random.nextInt(3);
                    RunResult r = machine.run(params, proc -> spares[proc.rank()] =
                            ButterflyExchangeFft.transform(proc, blocks[proc.rank()], spares[proc.rank()], cost));
                    assertThat(ComplexArrays.relativeRmsError(concat(blocks), expected))
                            .as("run %d %s", run, clock).isLessThan(1e-12);
                    if (clock == ClockKind.MODEL) {
                        assertThat(r.makespan()).isEqualTo(FftTiming.distributed(params, p, block, cost));
                    }
                    // The spares only change hands: nothing new was allocated for the exchanges.
                    assertThat(identitySet(spares)).isEqualTo(allSpares);
                }
            }
        }
    }

    @Test
    void masterWorkerShouldRunBackToBackOnReusedBuffersInBothHandovers() {
        Random random = new Random(13);
        int n = 512;
        for (ClockKind clock : ClockKind.values()) {
            int p = clock == ClockKind.MODEL ? 8 : 2;
            for (Handover handover : Handover.values()) {
                MasterWorkerFft.Buffers buffers = new MasterWorkerFft.Buffers(n, p);
                try (Machine machine = Machine.open(config(LogP.of(0, 0, 0, p), clock))) {
                    for (int run = 0; run < 100; run++) {
                        double[] a = random.doubles(2 * n, -1, 1).toArray();
                        double[] expected = a.clone();
                        Fft.forward(expected);
                        LogP params = new LogP(random.nextInt(100), random.nextInt(10), random.nextInt(30), p,
                                random.nextInt(2));
                        long cost = random.nextInt(3);
                        RunResult r = machine.run(params,
                                proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? a : null, cost, handover,
                                null, buffers));
                        assertThat(ComplexArrays.relativeRmsError(a, expected)).as("run %d %s %s", run, clock, handover)
                                .isLessThan(1e-12);
                        if (clock == ClockKind.MODEL) {
                            assertThat(r.makespan()).isEqualTo(FftTiming.masterWorker(params, p, n, cost, handover));
                        }
                    }
                }
            }
        }
        assertThatThrownBy(() -> Machine.run(LogP.of(1, 1, 1, 2), ClockKind.MODEL, proc -> MasterWorkerFft.transform(
                proc, proc.rank() == 0 ? new double[64] : null, 1, Handover.COPY, null,
                new MasterWorkerFft.Buffers(16, 2))))
                .hasStackTraceContaining("this transform needs 16-point blocks");
    }

    @Test
    void shouldRejectASpareThatIsTheBlockOrOfAnotherLength() {
        assertThatThrownBy(() -> Machine.run(LogP.of(1, 1, 1, 2), ClockKind.MODEL, proc -> {
            double[] a = new double[8];
            ButterflyExchangeFft.transform(proc, a, a, 1);
        })).hasStackTraceContaining("the spare block must be another array of 8 doubles, got the block itself");
        assertThatThrownBy(() -> Machine.run(LogP.of(1, 1, 1, 2), ClockKind.MODEL,
                proc -> ButterflyExchangeFft.transform(proc, new double[8], new double[4], 1)))
                .hasStackTraceContaining("the spare block must be another array of 8 doubles, got 4 doubles");
    }

    @Test
    void shouldReturnTheSpareItselfOnOneProcessor() {
        double[] spare = new double[8];
        double[][] returned = new double[1][];
        Machine.run(LogP.of(1, 1, 1, 1), ClockKind.MODEL,
                proc -> returned[0] = ButterflyExchangeFft.transform(proc, new double[8], spare, 1));
        assertThat(returned[0]).isSameAs(spare);
    }

    /** Wall-clock runs of more ranks than the 2 cores run on virtual threads, as {@link ParallelFftTest}. */
    private static RunConfig config(LogP params, ClockKind clock) {
        return RunConfig.builder(params).clock(clock)
                .threads(clock == ClockKind.WALL && params.P() <= 2 ? ThreadKind.PLATFORM : ThreadKind.VIRTUAL)
                .checkOwnership(true).timeout(Duration.ofSeconds(30)).build();
    }

    /** Each rank's decimated input block, as {@link MasterWorkerFft} scatters them. */
    private static double[][] blocks(double[] input, int p) {
        double[][] blocks = new double[p][];
        for (int r = 0; r < p; r++) {
            blocks[r] = ButterflyExchangeFft.inputBlock(input, p, r);
        }
        return blocks;
    }

    /** The ranks' output blocks in rank order: the transform in natural order. */
    private static double[] concat(double[][] blocks) {
        double[] out = new double[blocks.length * blocks[0].length];
        for (int r = 0; r < blocks.length; r++) {
            System.arraycopy(blocks[r], 0, out, r * blocks[r].length, blocks[r].length);
        }
        return out;
    }

    private static Set<double[]> identitySet(double[][] arrays) {
        Set<double[]> set = Collections.newSetFromMap(new IdentityHashMap<>());
        Collections.addAll(set, arrays);
        return set;
    }
}
