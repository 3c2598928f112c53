package org.logplab.core.measure;

import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.Processor;
import org.logplab.core.RunConfig;
import org.logplab.core.ThreadKind;

/**
 * Estimates {@code L}, {@code o} and {@code g} of the wall-clock runtime from parametrised round
 * trips, the method of Netgauge (Hoefler et al., after Kielmann et al.).
 *
 * <p>{@code PRTT(n, d)} is the time for rank 0 to send {@code n} messages, computing {@code d} ns
 * between consecutive sends, and to receive one reply that rank 1 sends after receiving all
 * {@code n}. Under the LogP rules:
 * <ul>
 *   <li>{@code PRTT(1, 0) = 2(L + 2o)}</li>
 *   <li>{@code PRTT(n, 0) = PRTT(1, 0) + (n-1) max(g, o)}, so
 *       {@code g = (PRTT(n,0) - PRTT(1,0)) / (n-1)} (it is {@code max(g, o)}: a gap below the
 *       overhead cannot be observed);</li>
 *   <li>{@code PRTT(n, d) = PRTT(1, 0) + (n-1)(o + d)} when {@code o + d >= g}, so
 *       {@code o = (PRTT(n,d) - PRTT(1,0)) / (n-1) - d};</li>
 *   <li>{@code L = PRTT(1, 0) / 2 - 2o}.</li>
 * </ul>
 * {@code d} is chosen after a first pass as {@code max(PRTT(1,0), 2 g)}, so that {@code o + d >= g}.
 * The delay that enters the formula for {@code o} is the one rank 0 actually spent in
 * {@code compute(d)}, timed around each call, not the nominal {@code d}: on a virtual machine the
 * call overruns by a few hundred ns, which would otherwise be counted as overhead (5% of an
 * injected {@code o} of 10 us).
 * The estimates include the runtime's own costs: with nothing injected they are the host's
 * baseline, and with injection they exceed the injected values by about that baseline.
 * Every PRTT is the median of {@code reps} repetitions inside one run (starting a run per sample
 * would add thread start-up noise); the repetitions of the three kinds are interleaved so that a
 * slow phase of the machine affects all three alike.
 */
public final class LogPEstimator {
    private static final int TAG = 0x5EED;

    private LogPEstimator() {
    }

    /**
     * What the estimator recovered, in nanoseconds, with the PRTT medians it came from.
     *
     * @param lNanos estimated latency L
     * @param oNanos estimated overhead o
     * @param gNanos estimated gap (max(g, o))
     * @param prtt1 median PRTT(1, 0)
     * @param prttN median PRTT(n, 0)
     * @param prttND median PRTT(n, d)
     * @param n messages per PRTT(n, .)
     * @param dNanos the delay d asked of {@code compute}
     * @param dRealNanos the median delay {@code compute(d)} actually took (at least {@code dNanos})
     * @param bytes message size
     * @param reps repetitions per PRTT kind
     */
    public record Estimate(double lNanos, double oNanos, double gNanos, double prtt1, double prttN, double prttND,
                           int n, long dNanos, double dRealNanos, int bytes, int reps) {
        /**
         * L as the fit gives it, {@code PRTT(1,0) / 2 - 2o}, ns, before {@link #lNanos} clamps it
         * at 0: negative where the measured overhead alone exceeds half the round trip.
         */
        public double lFittedNanos() {
            return prtt1 / 2 - 2 * oNanos;
        }

        /** Whether the fitted L was negative and {@link #lNanos} is 0 in its place. */
        public boolean lClamped() {
            return lFittedNanos() < 0;
        }
    }

    /**
     * Estimates the parameters of a wall-clock machine that injects {@code injected} (ns;
     * {@code P} is ignored), with {@code bytes}-byte messages, {@code n} messages per burst and
     * {@code reps} repetitions of each PRTT kind.
     */
    public static Estimate estimate(LogP injected, int bytes, int n, int reps) {
        if (n < 2 || reps < 1 || bytes < 0) {
            throw new IllegalArgumentException("need n >= 2, reps >= 1, bytes >= 0; got " + n + ", " + reps + ", "
                    + bytes);
        }
        PingPong.warmUpJit();
        int warmup = Math.max(3, reps / 4);
        long[] prtt1 = new long[reps];
        long[] prttN = new long[reps];
        long[] prttND = new long[reps];
        long[] spent = new long[reps];
        long[] delay = new long[1];
        RunConfig config = RunConfig.builder(injected.withP(2)).clock(ClockKind.WALL).threads(ThreadKind.PLATFORM)
                .build();
        Machine.run(config, p -> {
            byte[] payload = new byte[bytes];
            // First pass: PRTT(1,0) and PRTT(n,0) give d for the second pass.
            long[] first1 = new long[warmup + reps];
            long[] firstN = new long[warmup + reps];
            for (int i = 0; i < warmup + reps; i++) {
                first1[i] = prtt(p, payload, 1, 0, null);
                firstN[i] = prtt(p, payload, n, 0, null);
            }
            if (p.rank() == 0) {
                double p1 = Stats.median(first1);
                double gEstimate = (Stats.median(firstN) - p1) / (n - 1);
                delay[0] = (long) Math.ceil(Math.max(p1, 2 * gEstimate));
            }
            long d = p.rank() == 0 ? delay[0] : 0; // rank 1 only receives: it needs no d
            long[] computeNanos = new long[1];
            for (int i = 0; i < warmup + reps; i++) {
                long a = prtt(p, payload, 1, 0, null);
                long b = prtt(p, payload, n, 0, null);
                computeNanos[0] = 0;
                long c = prtt(p, payload, n, d, computeNanos);
                if (i >= warmup && p.rank() == 0) {
                    prtt1[i - warmup] = a;
                    prttN[i - warmup] = b;
                    prttND[i - warmup] = c;
                    spent[i - warmup] = computeNanos[0];
                }
            }
        });
        return fromSamples(prtt1, prttN, prttND, spent, n, delay[0], bytes);
    }

    /**
     * The estimate from PRTT samples measured by any transport, ns: {@code reps} samples each of
     * PRTT(1,0), PRTT(n,0), PRTT(n,d), and the time each PRTT(n,d) sample really spent in its
     * {@code n - 1} delays (subtracted sample by sample, so that a repetition's overrun cancels in itself).
     */
    public static Estimate fromSamples(long[] prtt1, long[] prttN, long[] prttND, long[] spent, int n, long delay,
            int bytes) {
        int reps = prtt1.length;
        long[] sendsOnly = new long[reps];
        for (int i = 0; i < reps; i++) {
            sendsOnly[i] = prttND[i] - spent[i];
        }
        double p1 = Stats.median(prtt1);
        double pn = Stats.median(prttN);
        double g = (pn - p1) / (n - 1);
        double o = Math.max(0, (Stats.median(sendsOnly) - p1) / (n - 1));
        double l = Math.max(0, p1 / 2 - 2 * o);
        return new Estimate(l, o, g, p1, pn, Stats.median(prttND), n, delay, Stats.median(spent) / (n - 1.0), bytes,
                reps);
    }

    /**
     * One PRTT(n, d) from rank 0's point of view (rank 1 returns 0); adds the time rank 0 spent
     * in {@code compute(d)} to {@code computeNanos[0]}.
     */
    private static long prtt(Processor p, byte[] payload, int n, long d, long[] computeNanos) {
        if (p.rank() == 0) {
            long start = p.now();
            for (int j = 0; j < n; j++) {
                if (j > 0 && d > 0) {
                    long before = p.now();
                    p.compute(d);
                    computeNanos[0] += p.now() - before;
                }
                p.send(1, TAG, payload);
            }
            p.recv(1);
            return p.now() - start;
        }
        for (int j = 0; j < n; j++) {
            p.recv(0);
        }
        p.send(0, TAG, payload);
        return 0;
    }
}
