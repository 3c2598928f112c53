package org.logplab.bench.cli;

import java.io.IOException;
import java.util.Optional;
import org.logplab.bench.jmh.report.JmhReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab jmh-report FILE.json}: turns the JSON that JMH writes ({@code -rf json -rff FILE})
 * into ratio tables of ours against the peer measured in the same run ({@link JmhReport}), since
 * ratios are what hold on a noisy machine.
 *
 * <p>A result is ours or the peer's by its method name ({@code ours} / {@code jtransforms},
 * {@code raw}, ...) or, failing that, by a parameter value ({@code impl = runtime} / {@code raw});
 * results that differ only in that are paired. The ratio is ours / peer for times (lower is
 * better) and for throughputs (higher is better), and the table says which is better. For the FFT
 * suite it adds GFLOPS ({@code 2 * 5 N log2 N} per operation: a forward and an inverse transform).
 *
 * <p>JSON Lines, one object per pair: {@code benchmark}, {@code params}, {@code mode}, {@code unit},
 * {@code ours}, {@code ours_error}, {@code peer}, {@code peer_error}, {@code ratio},
 * {@code better} ({@code ours}, {@code peer} or {@code tie} within the error bars), and for the FFT
 * {@code ours_gflops}, {@code peer_gflops}.
 *
 * <p>Every result of two forks or more also gets its steadiness, judged from its per-fork means
 * (steady, unsteady or bimodal: {@code Steadiness} in the report package); a bimodal result is
 * shown by its two modes rather than its mean, and its pairs compare the faster modes or say why
 * they cannot. JSON: {@code table = "steadiness"} with {@code benchmark}, {@code params},
 * {@code mode}, {@code unit}, {@code score}, {@code score_error}, {@code forks},
 * {@code fork_means}, {@code fork_spread}, {@code steadiness}, {@code modes}; the pair objects add
 * {@code ours_forks}, {@code peer_forks}, {@code ours_steadiness}, {@code peer_steadiness},
 * {@code compared}, {@code ours_compared}, {@code peer_compared}, {@code compared_ratio}.
 *
 * <p>Suites with a {@code threads} parameter also get a scaling table: for each side and the other
 * parameters, the time at one thread over the time at each larger count (the speedup; the
 * dual-core speedup of the FFT suite). JSON: {@code table = "scaling"} with {@code benchmark},
 * {@code side}, {@code params}, {@code threads}, {@code speedup}; the pair objects carry
 * {@code table = "ratio"}.
 *
 * <p>Exit code 1 when the file holds no results (JMH writes {@code [ ]} when every benchmark
 * failed) or a result without a finite score.
 */
@Command(name = "jmh-report",
        header = "Ratio tables (ours / peer) and the forks' steadiness from a JMH JSON result file.")
final class JmhReportCommand extends RowsCommand {

    @Mixin
    JmhReportOptions options;

    @Override
    int execute() throws IOException {
        JmhReport report = JmhReport.read(options.file);
        Optional<String> problem = report.problem();
        if (problem.isPresent()) {
            return failed(problem.get());
        }
        report.print(output(), this::note);
        return 0;
    }
}
