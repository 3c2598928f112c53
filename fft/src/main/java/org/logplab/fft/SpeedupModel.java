package org.logplab.fft;

/**
 * The speedup model of the parallel FFT of Xu, Zhang and Zhang (2009) (§5.1; docs/algorithms.md
 * §9), in nanoseconds: {@code T_s = t_elem N log2 N}, {@code T_comp = T_s / p}, {@code T_comm = p
 * (t_a + t_b 16 N/p) (2 + log2 p)} (a block of {@code N/p} complex points is {@code 16 N/p} bytes;
 * the 2 counts the master's scatter and gather), {@code S = T_s / (T_comp + T_comm)}, {@code E = S
 * / p}. The seed's own final line drops the {@code N} of the compute term; this is the corrected
 * form.
 *
 * <p>{@code t_elem} comes from serial runs ({@link #fitElementNanos}); {@code t_a} and {@code t_b}
 * from the runtime's ping-pong through {@link org.logplab.core.measure.HockneyFit}
 * ({@code t_a = t0}, {@code t_b = 1 / r_inf}).
 *
 * @param elementNanos {@code t_elem}, ns per point per radix-2 stage
 * @param startupNanos {@code t_a}, ns per message
 * @param perByteNanos {@code t_b}, ns per byte
 */
public record SpeedupModel(double elementNanos, double startupNanos, double perByteNanos) {

    /** Least squares through the origin of {@code t = t_elem N log2 N} over serial timings. */
    public static double fitElementNanos(long[] sizes, double[] nanos) {
        if (sizes.length == 0 || sizes.length != nanos.length) {
            throw new IllegalArgumentException("need one timing per size, got " + sizes.length + " sizes and "
                    + nanos.length + " timings");
        }
        double xy = 0;
        double xx = 0;
        for (int i = 0; i < sizes.length; i++) {
            double x = sizes[i] * (double) FftSize.log2(sizes[i], "N");
            xy += x * nanos[i];
            xx += x * x;
        }
        return xy / xx;
    }

    /** {@code T_s}, ns. */
    public double serialNanos(long n) {
        return elementNanos * n * FftSize.log2(n, "N");
    }

    /** {@code T_comp + T_comm} on {@code p} processors, ns, master/worker form (with scatter and gather). */
    public double parallelNanos(long n, int p) {
        return parallelNanos(n, p, true);
    }

    /**
     * {@code T_comp + T_comm} on {@code p} processors, ns; without {@code scatterGather} (data
     * already distributed) the communication has {@code log2 p} message rounds instead of
     * {@code 2 + log2 p}.
     */
    public double parallelNanos(long n, int p, boolean scatterGather) {
        int logP = FftSize.log2(p, "p");
        double rounds = (scatterGather ? 2 : 0) + logP;
        double comm = p == 1 ? 0 : p * (startupNanos + perByteNanos * 16.0 * n / p) * rounds;
        return serialNanos(n) / p + comm;
    }

    /** Predicted speedup {@code S}, master/worker form. */
    public double speedup(long n, int p) {
        return speedup(n, p, true);
    }

    /** Predicted speedup {@code S}, with or without the master's scatter and gather. */
    public double speedup(long n, int p, boolean scatterGather) {
        return serialNanos(n) / parallelNanos(n, p, scatterGather);
    }

    /** Predicted efficiency {@code E = S / p}. */
    public double efficiency(long n, int p) {
        return speedup(n, p) / p;
    }
}
