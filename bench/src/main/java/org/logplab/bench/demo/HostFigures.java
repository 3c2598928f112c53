package org.logplab.bench.demo;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.logplab.bench.output.Cells;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.LogPEstimator;

/**
 * The host's figures as the demo reports them, in-process threads with nothing injected: {@code L},
 * {@code o}, {@code g} from the PRTT estimator and {@code t0}, {@code r_inf}, {@code m_half} from
 * the Hockney fit of one-way ping-pong times, with the plausibility rules they must pass before
 * they are reported as the host's ({@link #problems()}).
 *
 * @param lNanos latency L, ns (the estimator clamps it at 0)
 * @param rawLNanos {@code PRTT(1,0)/2 - 2o} before that clamp, ns: below 0 means o was overestimated
 * @param oNanos overhead o, ns
 * @param gNanos gap g, ns
 * @param t0Nanos Hockney start-up time, ns
 * @param rInfBytesPerNano Hockney asymptotic bandwidth, bytes per ns (= GB/s)
 * @param mHalfBytes Hockney half-performance message size, bytes
 */
public record HostFigures(double lNanos, double rawLNanos, double oNanos, double gNanos, double t0Nanos,
                          double rInfBytesPerNano, double mHalfBytes) {

    /**
     * Longest plausible L, o, g or t0 between two threads of one process, ns. Handing a message to
     * a thread on another core takes a few hundred ns on an idle core; 100 us is several hundred
     * times that, a time
     * only a thread the scheduler took off its core for a time slice (milliseconds) shows.
     */
    public static final double MAX_HANDOFF_NANOS = 100_000;

    /**
     * Highest plausible r_inf, bytes/ns (= GB/s). A message between two threads is one memory copy
     * by one core (the receiver's {@code System.arraycopy} of up to 1 MiB): a core streams at most
     * a few tens of GB/s out of its caches and DRAM (one DDR5 channel: 38 GB/s), so 100 GB/s means
     * a time too small for the bytes it moved.
     */
    public static final double MAX_COPY_BYTES_PER_NANO = 100;

    /**
     * Lowest plausible r_inf, bytes/ns: a copy through memory at 0.1 GB/s would take 10 ms per
     * MiB, slower than any memory since the 1990s; such a slope comes from descheduled rounds.
     */
    public static final double MIN_COPY_BYTES_PER_NANO = 0.1;

    /** The figures of one measurement. */
    public static HostFigures of(LogPEstimator.Estimate e, HockneyFit fit) {
        return new HostFigures(e.lNanos(), e.prtt1() / 2 - 2 * e.oNanos(), e.oNanos(), e.gNanos(), fit.t0Nanos(),
                fit.rInfBytesPerNano(), fit.mHalfBytes());
    }

    /** Why these figures cannot be the host's, one reason a rule broken; empty when they are plausible. */
    public List<String> problems() {
        List<String> why = new ArrayList<>();
        time(why, "L", lNanos);
        time(why, "o", oNanos);
        time(why, "g", gNanos);
        time(why, "t0", t0Nanos);
        if (oNanos == 0) {
            why.add("o = 0: every send costs its sender some time; the estimate came out at or below 0 and was"
                    + " clamped");
        }
        if (rawLNanos < 0 && lNanos == 0) {
            why.add("L came out negative (PRTT(1,0)/2 - 2o = " + Cells.number(rawLNanos) + " ns) and was clamped to 0");
        }
        if (Double.isNaN(rInfBytesPerNano) || Double.isInfinite(rInfBytesPerNano)) {
            why.add("r_inf = " + rInfBytesPerNano + ": the one-way time did not grow with the message size");
        } else if (rInfBytesPerNano > MAX_COPY_BYTES_PER_NANO) {
            why.add("r_inf = " + Cells.trimmed(rInfBytesPerNano) + " GB/s exceeds "
                    + Cells.trimmed(MAX_COPY_BYTES_PER_NANO)
                    + " GB/s, more than one core can copy");
        } else if (rInfBytesPerNano < MIN_COPY_BYTES_PER_NANO) {
            why.add("r_inf = " + Cells.trimmed(rInfBytesPerNano) + " GB/s is below "
                    + Cells.trimmed(MIN_COPY_BYTES_PER_NANO)
                    + " GB/s, slower than any memory copy");
        }
        return why;
    }

    /** The figures' JSON fields (the demo's {@code host} object adds the verdict). */
    public Map<String, Object> json() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("L_ns", lNanos);
        f.put("o_ns", oNanos);
        f.put("g_ns", gNanos);
        f.put("t0_ns", t0Nanos);
        f.put("r_inf_bytes_per_ns", rInfBytesPerNano);
        f.put("m_half_bytes", mHalfBytes);
        return f;
    }

    private static void time(List<String> why, String name, double nanos) {
        if (Double.isNaN(nanos) || Double.isInfinite(nanos)) {
            why.add(name + " is not a number (" + nanos + ")");
        } else if (nanos < 0) {
            why.add(name + " = " + Cells.number(nanos) + " ns is negative");
        } else if (nanos > MAX_HANDOFF_NANOS) {
            why.add(name + " = " + Cells.duration(nanos) + " exceeds " + Cells.duration(MAX_HANDOFF_NANOS)
                    + " for in-process threads (a descheduled thread)");
        }
    }
}
