package org.logplab.bench.demo;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.output.Cells;
import org.logplab.core.LogP;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.LogPEstimator;
import org.logplab.core.measure.PingPong;

/**
 * The tour's first step: the host's own LogP parameters with nothing injected (the PRTT estimator)
 * and the Hockney fit of one-way ping-pong times, measured again while the figures are implausible
 * ({@link HostFigures#problems()}), at most {@value #MEASUREMENTS} times.
 */
final class HostStep {
    /** How often the host is measured at most: once, and twice more while its figures are implausible. */
    static final int MEASUREMENTS = 3;

    /**
     * The figures kept (the plausible ones, or those with the fewest problems), why they are suspect,
     * how many measurements it took, and the {@code host} JSON object of the summary.
     */
    record Result(HostFigures figures, List<String> problems, int measurements, Map<String, Object> json) {
    }

    private HostStep() {
    }

    /** Measures the host (notes go to {@code ctx}). */
    static Result measure(TourContext ctx) {
        HostFigures host = null;
        List<String> problems = List.of();
        int measurements = 0;
        while (measurements < MEASUREMENTS) {
            measurements++;
            HostFigures h = measureOnce(ctx.quick);
            List<String> why = h.problems();
            if (host == null || why.size() <= problems.size()) {
                host = h;
                problems = why;
            }
            if (why.isEmpty()) {
                break;
            }
            if (measurements < MEASUREMENTS) {
                ctx.note("warning: implausible host figures (" + String.join("; ", why) + "), measuring again");
            }
        }
        Map<String, Object> json = host.json();
        json.put("measurements", measurements);
        json.put("suspect", !problems.isEmpty());
        json.put("suspect_reasons", problems);
        if (!problems.isEmpty()) {
            json.put("load_avg_1m", WallTolerance.loadAverage());
            ctx.note("warning: the host's figures are suspect after " + measurements + " measurements ("
                    + String.join("; ", problems) + "): reported with suspect: true, not as this host's parameters");
        }
        return new Result(host, problems, measurements, json);
    }

    /** The host's section of the report. */
    static void report(TourContext ctx, Result host) throws java.io.IOException {
        Map<String, Object> json = host.json();
        ctx.report().section(DemoFindings.HOST,
                "LogP parameters measured with nothing injected (PRTT estimator) and the Hockney fit of one-way"
                + " ping-pong times. Checked before they are reported: L, o, g and t0 between 0 and "
                + Cells.duration(HostFigures.MAX_HANDOFF_NANOS)
                + " for threads of one process, r_inf between "
                + Cells.trimmed(HostFigures.MIN_COPY_BYTES_PER_NANO) + " and "
                + Cells.trimmed(HostFigures.MAX_COPY_BYTES_PER_NANO) + " GB/s (one core's memory copy); implausible"
                + " figures are measured again, up to " + MEASUREMENTS + " times.");
        if (Boolean.TRUE.equals(json.get("suspect"))) {
            ctx.report().warning("Suspect: these figures failed the plausibility checks after "
                    + json.get("measurements")
                    + " measurements (" + ((List<?>) json.get("suspect_reasons")).stream().map(String::valueOf)
                    .collect(Collectors.joining("; ")) + "); the host was busy"
                    + (json.get("load_avg_1m") instanceof Number l ? " (load average " + Cells.number(l.doubleValue())
                    + " on " + ctx.cores + " cores)" : "") + ". They are not this host's LogP parameters; rerun on a"
                    + " quiet machine.");
        }
        ctx.report().table("host.json", List.of(json),
                "Measured L, o, g (ns), Hockney t0 (ns), r_inf (bytes/ns = GB/s), m_half (bytes)");
    }

    /** One measurement: the PRTT estimator, then ping-pongs of 8 B to 1 MiB and their Hockney fit. */
    private static HostFigures measureOnce(boolean quick) {
        LogPEstimator.Estimate estimate = LogPEstimator.estimate(LogP.of(0, 0, 0, 2), 8, 16, quick ? 15 : 51);
        int[] sizes = {8, 1024, 65536, 1 << 20};
        double[] oneWay = new double[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            oneWay[i] = PingPong.run(LogP.of(0, 0, 0, 2), sizes[i], quick ? 50 : 200, quick ? 200 : 2000)
                    .medianOneWayNanos();
        }
        return HostFigures.of(estimate, HockneyFit.fit(Arrays.stream(sizes).asDoubleStream().toArray(), oneWay));
    }
}
