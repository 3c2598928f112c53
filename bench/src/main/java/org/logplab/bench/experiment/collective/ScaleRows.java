package org.logplab.bench.experiment.collective;

import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;

/**
 * The rows of {@code logplab scale} ({@link ScaleSweep}), one per P: {@code algo}, {@code P},
 * {@code seconds}, {@code events} (sends + receives), {@code events_per_s}, {@code makespan},
 * {@code predicted} (model units), {@code within_budget}, {@code ok}.
 */
public final class ScaleRows {
    private ScaleRows() {
    }

    /** The table the rows go to. */
    public static Output.Table table(Output out) {
        return out.table(Column.of("algo", "algo"), Column.of("P", "P"), Column.of("seconds", "seconds", "%.2f"),
                Column.of("events", "events"), Column.of("events/s", "events_per_s", "%,.0f"),
                Column.of("makespan", "makespan"), Column.of("predicted", "predicted"),
                Column.of("within budget", r -> (boolean) r.get("within_budget") ? "yes" : "no"));
    }

    /** The row of one run. */
    public static Row row(ScaleSweep.Run run) {
        return new Row().put("algo", run.algo()).put("P", run.processors()).put("seconds", run.seconds())
                .put("events", run.events()).put("events_per_s", run.events() / run.seconds())
                .put("makespan", run.makespan()).put("predicted", run.predicted())
                .put("within_budget", run.withinBudget()).put("ok", run.ok());
    }

    /** The sentence under the table: the largest P within the budget of {@code seconds}. */
    public static String summary(double seconds, int largest) {
        return String.format("largest P within %s s: %,d", Cells.trimmed(seconds), largest);
    }
}
