package org.logplab.bench.demo;

import static org.logplab.bench.demo.Tables.column;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.logplab.bench.experiment.collective.NaiveReduce;
import org.logplab.bench.experiment.collective.SummationRuns;
import org.logplab.bench.report.LineChart;
import org.logplab.core.LogP;

/** The tour's summation: the optimal LogP summation, run as {@code logplab summation} runs it, against the naive
 * reduce. */
final class SummationStep {
    private SummationStep() {
    }

    static void run(TourContext ctx) throws IOException {
        LogP sumParams = LogP.of(5, 2, 4, 8);
        long[] ns = ctx.quick ? new long[] {1, 8, 50, 100, 500, 1000}
                : new long[] {1, 8, 20, 50, 100, 200, 500, 1000, 2000, 5000};
        List<Map<String, Object>> summation = new ArrayList<>();
        for (long n : ns) {
            Map<String, Object> row = Tables.checked(ctx, SummationRuns.row(sumParams, 0, n), "summation, N = " + n);
            row.put("naive_reduce_time", NaiveReduce.time(sumParams, n));
            summation.add(row);
        }
        ctx.report().section(DemoFindings.SUMMATION, "N operands on 8 processors, L=5 o=2 g=4, one addition = 1 unit:"
                + " the optimal LogP summation (after Shou and Chen) against each processor adding its share and a"
                + " binomial reduce.");
        ctx.report().table("summation.json", summation,
                "Optimal summation time (run = plan) beside the naive reduce (model units)",
                Map.of("N", "N (operands)"));
        double[] n = column(summation, "N");
        LineChart chart = new LineChart("Summation on 8 processors (L=5, o=2, g=4)", "N (operands, log scale)",
                "time (model units)").logX()
                .line("optimal summation", n, column(summation, "time"))
                .line("naive: local sums, then binomial reduce", n, column(summation, "naive_reduce_time"));
        ctx.report().plot("summation.png", chart, "Optimal summation against the naive reduce: the optimal schedule"
                + " overlaps additions with communication");
        ctx.headlines.add(DemoFindings.summation(sumParams.P(), summation));
    }
}
