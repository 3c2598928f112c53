package org.logplab.bench.cli;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import org.logplab.bench.demo.Tour;
import org.logplab.bench.demo.TourInterruption;
import org.logplab.bench.output.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab demo}: the tour ({@link Tour}), which writes a report folder; prints its findings,
 * or with {@code --json} the report's {@code summary.json} object as one JSON line. Interrupted
 * (Ctrl-C), it exits 130 and says on standard error what is left of the folder ({@link TourInterruption}).
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
        // Ctrl-C ends the JVM (status 130) through its shutdown hooks: this one tidies the folder and says how.
        TourInterruption interruption = TourInterruption.before(dir);
        Thread onInterrupt = new Thread(() -> note("logplab: demo: " + interruption.leave()), "logplab-demo-interrupt");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        try (Progress steps = progress("demo", Tour.STEPS)) {
            result = new Tour(dir, options.quick, recording.sampling, provenance(), this::note).run(steps);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            } catch (IllegalStateException shuttingDown) {
                // interrupted as the tour ended: the hook runs and says what is left
            }
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
