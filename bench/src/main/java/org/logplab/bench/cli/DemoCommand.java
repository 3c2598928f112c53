package org.logplab.bench.cli;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import org.logplab.bench.demo.Tour;
import org.logplab.bench.output.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab demo}: the tour ({@link Tour}), which writes a report folder; prints its findings,
 * or with {@code --json} the report's {@code summary.json} object as one JSON line.
 */
@Command(header = "The tour: measured LogP parameters, a traced broadcast, a report folder.", name = "demo",
        description = {
    "The tour: the host's measured LogP parameters, one traced broadcast under both clocks,",
    "and a report folder with the traces, histograms and JSON."})
final class DemoCommand extends CommandBase {

    @Mixin
    DemoOptions options;

    @Mixin
    LatencyOptions recording;

    @Override
    int execute() throws Exception {
        Path dir = options.outDir != null ? options.outDir
                : Path.of("reports", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Tour.Result result;
        try (Progress steps = progress("demo", Tour.STEPS)) {
            result = new Tour(dir, options.quick, recording.sampling, provenance(), this::note).run(steps);
        }
        if (json) {
            printJson(result.summary());
            note("report: " + result.index().toAbsolutePath());
        } else {
            out().print(result.text());
        }
        return 0;
    }
}
