package org.logplab.bench.experiment.measure;

import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.experiment.LatencyFigures;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.LogP;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.LogPEstimator;
import org.logplab.net.PeerAddress;

/**
 * The rows of {@code logplab measure}: one per configuration of {@link HostPrtt}, one per side of
 * {@link TransportPrtt}, and the answering side's summary. Every row has the injected and the
 * recovered parameters ({@code injected_L_ns} ..., {@code L_ns}, {@code o_ns}, {@code g_ns}, ns)
 * and the estimate's details ({@code L_clamped}: the fitted L, {@code L_fitted_ns}, was negative and
 * {@code L_ns} is 0 in its place); a transport's adds its Hockney fit.
 */
public final class PrttRows {
    private PrttRows() {
    }

    /** The host's baseline, and the injected run beside it, with the sentences under them. */
    public static void host(Output out, HostPrtt.Estimates estimates, PrttSettings settings) {
        boolean injecting = estimates.withInjected() != null;
        Output.Table table = out.table(hostColumns(injecting));
        table.add(row(true, HostPrtt.NOTHING_INJECTED, estimates.baseline()));
        clampNote(out, "the host baseline", estimates.baseline());
        if (injecting) {
            table.add(row(false, estimates.injected(), estimates.withInjected()));
            clampNote(out, "the injected run", estimates.withInjected());
            out.line("g is observed as max(g, o); recovered values include the host baseline.");
        }
        out.line(LatencyFigures.CORE_MEASUREMENTS_NOTE);
        out.line(settings.describe() + ".");
    }

    /** The in-process runtime's side and the transport's, with the sentences under them. */
    public static void transports(Output out, List<TransportPrtt.Side> sides, PrttSettings settings, int pingPongReps) {
        Output.Table table = out.table(
                Column.of("transport", r -> r.get("transport") + (r.get("peer") != null ? " to " + r.get("peer") : "")),
                latency(), nanos("o (ns)", "o_ns"), nanos("g (ns)", "g_ns"),
                nanos("Hockney t0 (ns)", "t0_ns"),
                Column.of("r_inf (GB/s)", "r_inf_bytes_per_ns", "%.3f"),
                nanos("m_half (B)", "m_half_bytes"));
        for (TransportPrtt.Side side : sides) {
            Row f = row(side.inProcess(), HostPrtt.NOTHING_INJECTED, side.prtt());
            if (!side.inProcess()) {
                f.put("latency", null); // Aeron's PRTT does not run on the runtime
            }
            HockneyFit fit = side.fit();
            table.add(f.put("transport", side.transport()).put("t0_ns", fit.t0Nanos())
                    .put("r_inf_bytes_per_ns", fit.rInfBytesPerNano()).put("m_half_bytes", fit.mHalfBytes())
                    .put("peer", side.peer()));
            clampNote(out, side.transport(), side.prtt());
        }
        out.line(String.format("%s; Hockney over 8 B, 1 KiB, 64 KiB, 1 MiB (%d round trips each).", settings.describe(),
                pingPongReps));
        out.line("in-process: " + LatencyFigures.CORE_MEASUREMENTS_NOTE);
    }

    /** The answering side's summary: {@code echo}, {@code listen}, {@code peer}, {@code answered} (frames). */
    public static void echo(Output out, PeerAddress here, PeerAddress there, long answered) {
        out.record(new Row().put("echo", true).put("listen", here.toString()).put("peer", there.toString())
                .put("answered", answered), "echo: answered " + answered + " frames from " + there
                + ", which then said stop");
    }

    /** The in-process table: a row per configuration, with what was injected and the error when something was. */
    private static Column[] hostColumns(boolean injecting) {
        List<Column> c = new ArrayList<>(List.of(
                Column.of("run", r -> (boolean) r.get("baseline") ? "host baseline" : "injected"),
                latency(), nanos("o (ns)", "o_ns"), nanos("g (ns)", "g_ns")));
        if (injecting) {
            c.add(Column.of("injected L / o / g (ns)", r -> Cells.nanos(r.getDouble("injected_L_ns")) + " / "
                    + Cells.nanos(r.getDouble("injected_o_ns")) + " / " + Cells.nanos(r.getDouble("injected_g_ns"))));
            c.add(Column.of("error L / o / g", r -> (boolean) r.get("baseline") ? "-"
                    : error(r.getDouble("L_ns"), r.getLong("injected_L_ns")) + " / " + error(r.getDouble("o_ns"),
                    r.getLong("injected_o_ns")) + " / " + error(r.getDouble("g_ns"), r.getLong("injected_g_ns"))));
        }
        return c.toArray(Column[]::new);
    }

    private static Row row(boolean baseline, LogP injected, LogPEstimator.Estimate e) {
        return new Row().put("baseline", baseline).put("injected_L_ns", injected.L()).put("injected_o_ns", injected.o())
                .put("injected_g_ns", injected.g()).put("injected_G_ns", injected.G()).put("L_ns", e.lNanos())
                .put("L_clamped", e.lClamped()).put("L_fitted_ns", e.lFittedNanos())
                .put("o_ns", e.oNanos()).put("g_ns", e.gNanos()).put("size_bytes", e.bytes()).put("reps", e.reps())
                .put("burst", e.n())
                .put("prtt1_ns", e.prtt1()).put("d_ns", e.dNanos()).put("d_real_ns", e.dRealNanos())
                .put("latency", LatencyFigures.CORE_MEASUREMENTS.toString());
    }

    /** The L column: ns, marked where the fitted value was negative and 0 stands in its place. */
    private static Column latency() {
        return Column.of("L (ns)", r -> Cells.nanos(r.getDouble("L_ns"))
                + (Boolean.TRUE.equals(r.get("L_clamped")) ? " (clamped)" : ""));
    }

    /** The line under the table for an estimate whose fitted L was negative; nothing for one that was not. */
    private static void clampNote(Output out, String what, LogPEstimator.Estimate e) {
        if (e.lClamped()) {
            out.line(String.format("L of %s is clamped to 0: the fit, PRTT(1,0) / 2 - 2o = %s / 2 - 2 x %s, gave %s ns"
                    + " (the measured o alone exceeds half the round trip).", what, Cells.nanos(e.prtt1()),
                    Cells.nanos(e.oNanos()), Cells.nanos(e.lFittedNanos())));
        }
    }

    /** A column of the field {@code field} in ns, as {@link Cells#nanos(double)} writes it. */
    private static Column nanos(String heading, String field) {
        return Column.of(heading, r -> Cells.nanos(r.getDouble(field)));
    }

    /** The recovered value's error relative to the injected one, {@code +1.5%}; {@code -} when nothing was injected. */
    static String error(double recovered, long injected) {
        return injected == 0 ? "-" : String.format("%+.1f%%", 100 * (recovered - injected) / injected);
    }
}
