package org.logplab.bench.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Row;
import org.logplab.core.LatencySampling;

/**
 * A run's message-latency histogram as the commands print and write it, always with the sampling
 * it was recorded under ({@link LatencySampling#describe()}), so that nobody reads percentiles of
 * one message in 64, or an empty histogram, as if every message had been recorded.
 */
public final class LatencyFigures {
    /** The first line of every {@code .hgrm} file we write, before the sampling. */
    public static final String HGRM_SAMPLING_PREFIX = "# latency sampling: ";
    /** What is printed instead of figures under {@code --latency off}. */
    public static final String OFF = "off, not recorded (--latency all, sampled or 1/N records them)";

    /**
     * What the runtime's measurements in core ({@code PingPong}, {@code LogPEstimator}) record: they
     * build their run configuration with the default, every message, and take no other; so
     * {@code pingpong} and {@code measure} report it rather than offer {@code --latency}.
     */
    public static final LatencySampling CORE_MEASUREMENTS = LatencySampling.ALL;

    /**
     * The note under the figures of a core measurement: every message was time-stamped and
     * recorded, and the times include that cost.
     */
    public static final String CORE_MEASUREMENTS_NOTE = "latency recording: " + CORE_MEASUREMENTS.describe()
            + " (the runtime's estimators record every message: two clock reads each, included in these times).";

    /** What the latency column of rows made by {@link TimedRepetitions} covers. */
    public static final String MEASURED_RUNS = "msg latency: every message of each measured run (late repetitions and"
            + " start handshakes included, the warm-up not)";

    private LatencyFigures() {
    }

    /**
     * One cell of a table: {@code p50 / p99} in ns with the count recorded, or {@code off} when
     * nothing was recorded under {@code sampling}.
     */
    public static String cell(Histogram latency, LatencySampling sampling) {
        if (latency.getTotalCount() == 0) {
            return sampling.records() ? "none recorded" : "off";
        }
        return Cells.nanos(latency.getValueAtPercentile(50)) + " / " + Cells.nanos(latency.getValueAtPercentile(99))
                + " (" + String.format("%,d", latency.getTotalCount()) + ")";
    }

    /**
     * The figures in one line: {@code p50 812 ns, p99 1,530 ns over 4,000 messages recorded, 1 in 64
     * messages (sampled)}, or {@link #OFF}.
     */
    public static String summary(Histogram latency, LatencySampling sampling) {
        if (!sampling.records()) {
            return OFF;
        }
        if (latency.getTotalCount() == 0) {
            return "none recorded, " + sampling.describe();
        }
        return "p50 " + Cells.nanos(latency.getValueAtPercentile(50)) + " ns, p99 "
                + Cells.nanos(latency.getValueAtPercentile(99)) + " ns over "
                + String.format("%,d", latency.getTotalCount()) + " messages recorded, " + sampling.describe();
    }

    /**
     * The line under a table of {@link #cell}s: which messages the figures cover ({@code what}),
     * and how they were sampled.
     */
    public static String legend(String what, LatencySampling sampling) {
        if (!sampling.records()) {
            return what + ": " + OFF;
        }
        return what + ", send start to receive end, p50 / p99 in ns (messages recorded): " + sampling.describe()
                + " (--latency)";
    }

    /**
     * Adds the JSON fields of a latency histogram: {@code latency} (the {@code --latency} form),
     * {@code msg_latency_count}, and {@code msg_latency_p50_ns}, {@code msg_latency_p99_ns}
     * ({@code null} when nothing was recorded).
     */
    public static void put(Map<String, Object> fields, Histogram latency, LatencySampling sampling) {
        boolean any = latency.getTotalCount() > 0;
        fields.put("latency", sampling.toString());
        fields.put("msg_latency_count", latency.getTotalCount());
        fields.put("msg_latency_p50_ns", any ? latency.getValueAtPercentile(50) : null);
        fields.put("msg_latency_p99_ns", any ? latency.getValueAtPercentile(99) : null);
    }

    /** {@link #put(Map, Histogram, LatencySampling)} on a command's row. */
    public static void put(Row row, Histogram latency, LatencySampling sampling) {
        Map<String, Object> fields = new java.util.LinkedHashMap<>();
        put(fields, latency, sampling);
        row.putAll(fields);
    }

    /**
     * Writes {@code latency} as HdrHistogram's percentile distribution (values in ns), after a
     * header line {@code # latency sampling: <describe>}. Readers of the format already skip
     * {@code #} lines (its own footer lines start with {@code #[}), so the header costs them nothing.
     */
    public static void writeHgrm(Path file, Histogram latency, LatencySampling sampling) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            out.println(HGRM_SAMPLING_PREFIX + sampling.describe());
            if (latency.getTotalCount() == 0) {
                // HdrHistogram prints only its column header and a footer of zeros then: say why
                out.println("# no message latency recorded");
            }
            latency.outputPercentileDistribution(out, 1.0);
        }
    }
}
