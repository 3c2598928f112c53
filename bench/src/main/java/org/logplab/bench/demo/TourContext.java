package org.logplab.bench.demo;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.logplab.bench.report.Headline;
import org.logplab.bench.report.HtmlReport;
import org.logplab.core.LatencySampling;

/**
 * What every step of one tour shares: where the report goes, how long the tour is, the latency
 * sampling of its wall-clock runs, the notes for people (standard error), and the report and its
 * findings as the steps add to them. One tour, one thread.
 */
final class TourContext {
    final Path dir;
    final boolean quick;
    final LatencySampling sampling;
    final int cores = Runtime.getRuntime().availableProcessors();
    final List<Headline> headlines = new ArrayList<>();
    private final Consumer<String> notes;
    private HtmlReport report;

    TourContext(Path dir, boolean quick, LatencySampling sampling, Consumer<String> notes) {
        this.dir = dir;
        this.quick = quick;
        this.sampling = sampling;
        this.notes = notes;
    }

    /** A progress or warning line for people. */
    void note(String line) {
        notes.accept(line);
    }

    /** The report folder's page, made on first use. */
    HtmlReport report() throws java.io.IOException {
        if (report == null) {
            report = new HtmlReport(dir, "LogP Lab tour" + (quick ? " (quick)" : ""));
        }
        return report;
    }
}
