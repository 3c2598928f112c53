package org.logplab.bench.experiment.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.logplab.bench.output.Output;
import org.logplab.core.measure.LogPEstimator;

/**
 * The rows of {@code measure}: the error column relative to what was injected, none where nothing
 * was; a negative fitted L shown as clamped to 0.
 */
class PrttRowsTest {

    @Test
    void theErrorIsRelativeToTheInjectedValue() {
        assertThat(PrttRows.error(55_000, 50_000)).isEqualTo(String.format("%+.1f%%", 10.0));
        assertThat(PrttRows.error(45_000, 50_000)).isEqualTo(String.format("%+.1f%%", -10.0));
        assertThat(PrttRows.error(1_234, 0)).isEqualTo("-");
    }

    @Test
    void aNegativeFittedLatencyIsShownClampedInTextAndJson() {
        // PRTT(1,0) = 1,000 ns and o = 400 ns: L = 1,000 / 2 - 2 x 400 = -300 ns, clamped to 0.
        LogPEstimator.Estimate clamped = new LogPEstimator.Estimate(0, 400, 450, 1_000, 4_600, 5_000, 9, 500, 510, 8,
                63);
        // PRTT(1,0) = 3,000 ns and o = 400 ns: L = 1,500 - 800 = 700 ns, as fitted.
        LogPEstimator.Estimate fitted = new LogPEstimator.Estimate(700, 400, 450, 3_000, 6_600, 7_000, 9, 500, 510, 8,
                63);
        PrttSettings settings = new PrttSettings(8, 9, 63);

        StringWriter text = new StringWriter();
        Output table = new Output(Output.Format.TEXT, new PrintWriter(text, true), m -> { }, Map.of());
        PrttRows.host(table, new HostPrtt.Estimates(clamped, null, null), settings);
        table.finish();
        assertThat(text.toString()).contains("0 (clamped)", "L of the host baseline is clamped to 0: the fit,"
                + " PRTT(1,0) / 2 - 2o = 1,000 / 2 - 2 x 400, gave -300 ns");

        List<Map<String, Object>> json = new ArrayList<>();
        Output out = new Output(Output.Format.JSON, new PrintWriter(new StringWriter()), json::add, Map.of());
        PrttRows.host(out, new HostPrtt.Estimates(fitted, HostPrtt.NOTHING_INJECTED, clamped), settings);
        assertThat(json).hasSize(2);
        assertThat(json.get(0)).containsEntry("L_ns", 700.0).containsEntry("L_clamped", false)
                .containsEntry("L_fitted_ns", 700.0);
        assertThat(json.get(1)).containsEntry("L_ns", 0.0).containsEntry("L_clamped", true)
                .containsEntry("L_fitted_ns", -300.0);
    }
}
