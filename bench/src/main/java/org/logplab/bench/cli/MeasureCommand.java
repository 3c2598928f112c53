package org.logplab.bench.cli;

import java.util.Map;
import org.logplab.core.LogP;
import org.logplab.core.measure.LogPEstimator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code logplab measure}: injects wall-clock LogP parameters and prints what the PRTT
 * estimator recovers, beside the host's zero-injection baseline.
 *
 * <p>JSON Lines, one object per configuration: {@code baseline} (boolean), {@code injected_L_ns},
 * {@code injected_o_ns}, {@code injected_g_ns}, {@code L_ns}, {@code o_ns}, {@code g_ns},
 * {@code size_bytes}, {@code reps}.
 */
@Command(header = "Recover injected L, o, g and the host baseline (Netgauge PRTT).", name = "measure", description = {
    "Recover L, o and g of the runtime with parametrised round trips (Netgauge PRTT),",
    "for injected parameters and for the host itself (zero injection)."})
final class MeasureCommand extends CommandBase {

    @Option(names = "--L", converter = DurationNanosConverter.class, description = "Injected latency (e.g. 50us).")
    long latency;

    @Option(names = "--o", converter = DurationNanosConverter.class, description = "Injected overhead (e.g. 10us).")
    long overhead;

    @Option(names = "--g", converter = DurationNanosConverter.class, description = "Injected gap (e.g. 20us).")
    long gap;

    @Option(names = "--G", converter = DurationNanosConverter.class, description = "Injected gap per byte (default 0).")
    long gapPerByte;

    @Option(names = "--size", converter = SizeConverter.class, defaultValue = "8", description = "Message size (default 8 bytes).")
    int size;

    @Option(names = "--n", defaultValue = "16", description = "Messages per PRTT burst (default 16).")
    int burst;

    @Option(names = "--reps", defaultValue = "51", description = "Repetitions per PRTT kind; medians are reported (default 51).")
    int reps;

    @Override
    int execute() {
        if (reps < 1 || burst < 2) {
            throw new IllegalArgumentException("--reps must be at least 1 and --n at least 2");
        }
        boolean injecting = latency > 0 || overhead > 0 || gap > 0 || gapPerByte > 0;
        note("measuring the host baseline (zero injection)...");
        LogPEstimator.Estimate base = LogPEstimator.estimate(LogP.of(0, 0, 0, 2), size, burst, reps);
        LogP injected = new LogP(latency, overhead, gap, 2, gapPerByte);
        LogPEstimator.Estimate est = null;
        if (injecting) {
            note("measuring with injected L=" + latency + " ns, o=" + overhead + " ns, g=" + gap + " ns...");
            est = LogPEstimator.estimate(injected, size, burst, reps);
        }
        if (json) {
            printJson(row(true, LogP.of(0, 0, 0, 2), base));
            if (est != null) {
                printJson(row(false, injected, est));
            }
            return 0;
        }
        if (est == null) {
            TextTable t = new TextTable("parameter", "host baseline (ns)");
            t.row("L", ns(base.lNanos())).row("o", ns(base.oNanos())).row("g", ns(base.gNanos()));
            out().print(t.render());
        } else {
            TextTable t = new TextTable("parameter", "injected (ns)", "recovered (ns)", "error", "host baseline (ns)");
            t.row("L", ns(latency), ns(est.lNanos()), error(est.lNanos(), latency), ns(base.lNanos()));
            t.row("o", ns(overhead), ns(est.oNanos()), error(est.oNanos(), overhead), ns(base.oNanos()));
            t.row("g", ns(gap), ns(est.gNanos()), error(est.gNanos(), gap), ns(base.gNanos()));
            out().print(t.render());
            out().println("g is observed as max(g, o); recovered values include the host baseline.");
        }
        out().printf("PRTT medians over %d repetitions, %d-message bursts, %d-byte messages.%n", reps, burst, size);
        return 0;
    }

    private Map<String, Object> row(boolean baseline, LogP injected, LogPEstimator.Estimate e) {
        Map<String, Object> f = fields();
        f.put("baseline", baseline);
        f.put("injected_L_ns", injected.L());
        f.put("injected_o_ns", injected.o());
        f.put("injected_g_ns", injected.g());
        f.put("injected_G_ns", injected.G());
        f.put("L_ns", e.lNanos());
        f.put("o_ns", e.oNanos());
        f.put("g_ns", e.gNanos());
        f.put("size_bytes", e.bytes());
        f.put("reps", e.reps());
        f.put("burst", e.n());
        f.put("prtt1_ns", e.prtt1());
        return f;
    }

    private static String error(double recovered, long injected) {
        return injected == 0 ? "-" : String.format("%+.1f%%", 100 * (recovered - injected) / injected);
    }
}
