package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.ThreadKind;

/**
 * Many runs of the parallel FFTs with random sizes, processor counts, thread kinds and injected
 * jitter (so the exchanges interleave differently each time): every run gives the serial result,
 * and every message sent is received (nothing left in flight).
 */
@Tag("slow")
class ParallelFftStressTest extends OnKernels {

    @Test
    void exchangeFftShouldGiveTheSerialResultUnderRandomInterleavings() {
        Random random = new Random(77);
        for (int run = 0; run < 120; run++) {
            int p = 1 << random.nextInt(4);
            int n = p * (2 << random.nextInt(9));
            double[] a = random.doubles(2L * n, -1, 1).toArray();
            double[] serial = a.clone();
            Fft.forward(serial);
            double[] parallel = a.clone();
            // A little injected latency and gap under the wall clock shifts who waits for whom.
            LogP params = LogP.of(random.nextInt(3) * 1000L, 0, random.nextInt(2) * 500L, p);
            ThreadKind threads = random.nextBoolean() ? ThreadKind.VIRTUAL : ThreadKind.PLATFORM;
            RunResult r = RunConfig.builder(params).clock(ClockKind.WALL).threads(threads)
                    .timeout(Duration.ofSeconds(20))
                    .run(proc -> MasterWorkerFft.transform(proc, proc.rank() == 0 ? parallel : null, 0));
            assertThat(r.inFlight()).isEmpty();
            int logP = Integer.numberOfTrailingZeros(p);
            // scatter and gather: 2 (p - 1); exchanges: p log2 p.
            assertThat(r.messagesSent()).isEqualTo(2L * (p - 1) + (long) p * logP);
            assertThat(r.messagesReceived()).isEqualTo(r.messagesSent());
            assertThat(ComplexArrays.relativeRmsError(parallel, serial))
                    .as("run %d: N=%d p=%d %s", run, n, p, threads).isLessThan(1e-12);
        }
    }

    @Test
    void forkJoinFftShouldBeBitIdenticalForRandomPoolsAndSizes() {
        Random random = new Random(78);
        for (int run = 0; run < 40; run++) {
            int n = 1 << (13 + random.nextInt(5));
            ForkJoinPool pool = new ForkJoinPool(2 + random.nextInt(5));
            try {
                double[] a = random.doubles(2L * n, -1, 1).toArray();
                double[] serial = a.clone();
                Fft.forward(serial);
                ForkJoinFft.forward(a, pool);
                assertThat(a).as("run %d N=%d", run, n).isEqualTo(serial);
            } finally {
                pool.shutdown();
            }
        }
    }
}
