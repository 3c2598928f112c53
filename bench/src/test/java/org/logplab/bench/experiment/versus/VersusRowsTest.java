package org.logplab.bench.experiment.versus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.logplab.bench.output.Output;
import org.logplab.core.LatencySampling;

/** The rows of {@code versus}: MPJ Express's fields always in JSON, its columns in text only when it ran. */
class VersusRowsTest {

    private static final VersusCase PINGPONG = new VersusCase(MessagePath.Test.PINGPONG, 0);
    private static final VersusCase STREAM = new VersusCase(MessagePath.Test.STREAM, 0);

    private static List<Map<String, Object>> json(VersusRounds.Outcome outcome) {
        List<Map<String, Object>> rows = new ArrayList<>();
        Output out = new Output(Output.Format.JSON, new PrintWriter(new StringWriter()), rows::add, Map.of());
        VersusRows.print(out, outcome, 3, LatencySampling.OFF);
        out.finish();
        return rows;
    }

    private static String text(VersusRounds.Outcome outcome) {
        StringWriter text = new StringWriter();
        Output out = new Output(Output.Format.TEXT, new PrintWriter(text, true), m -> { }, Map.of());
        VersusRows.print(out, outcome, 3, LatencySampling.OFF);
        out.finish();
        return text.toString();
    }

    @Test
    void mpjExpressIsAFourthSideWithItsRatioToOurs() {
        // ours 200 ns and MPJ 45,000 ns a round trip: MPJ/ours = 45,000 / 200 = 225; stream: ours 20 ns and MPJ
        // 20,000 ns a message: 1e9 / 20 = 5e7 and 1e9 / 20,000 = 5e4 messages/s, MPJ/ours = 1,000.
        VersusRounds.Outcome o = new VersusRounds.Outcome(List.of(
                new VersusRounds.Medians(PINGPONG, 200, 100, Double.NaN, 45_000, 0, 5),
                new VersusRounds.Medians(STREAM, 20, 10, Double.NaN, 20_000, 0, 5)), null,
                "MPJ Express 0.44 (multicore)");
        List<Map<String, Object>> rows = json(o);
        assertThat(rows.get(0)).containsEntry("mpj_ns", 45_000.0).containsEntry("mpj_per_ours", 225.0)
                .containsEntry("mpj_version", "MPJ Express 0.44 (multicore)").containsEntry("mpi_ns", null)
                .doesNotContainKey("mpj_messages_per_s");
        assertThat(rows.get(1)).containsEntry("mpj_per_ours", 1_000.0).containsEntry("mpj_messages_per_s", 5e4)
                .containsEntry("ours_messages_per_s", 5e7);
        String text = text(o);
        assertThat(text.lines().findFirst().orElseThrow()).contains("Open MPI (ns)").endsWith("MPJ (ns)  MPJ/ours");
        assertThat(text).contains(String.format("%.2fx", 225.0)).contains(String.format("%,.0f", 45_000.0))
                .contains("MPJ: MPJ Express 0.44 (multicore), 2 ranks as threads of one JVM");
    }

    @Test
    void withoutMpjExpressItsFieldsAreNullAndTheTextHasNoColumnForIt() {
        VersusRounds.Outcome o = new VersusRounds.Outcome(List.of(
                new VersusRounds.Medians(STREAM, 20, 10, Double.NaN, Double.NaN, 0, 5)), null, null);
        assertThat(json(o)).singleElement().satisfies(r -> assertThat(r).containsEntry("mpj_ns", null)
                .containsEntry("mpj_per_ours", null).containsEntry("mpj_messages_per_s", null)
                .containsEntry("mpj_version", null));
        assertThat(text(o)).doesNotContain("MPJ");
    }
}
