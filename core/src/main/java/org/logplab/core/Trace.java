package org.logplab.core;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * The events of one run, ordered by start time then rank, exportable as Chrome / Perfetto trace
 * JSON (open it at ui.perfetto.dev or chrome://tracing) with one track per processor and an arrow
 * from each send to its receive.
 *
 * <p>Trace JSON time stamps are microseconds: a model-clock trace shows one model unit as one
 * microsecond; a wall-clock trace shows real time.
 */
public final class Trace {
    private final ClockKind clock;
    private final List<TraceEvent> events;

    /** A trace of the given events (copied and sorted). */
    public Trace(ClockKind clock, List<TraceEvent> events) {
        this.clock = clock;
        this.events = events.stream()
                .sorted(Comparator.comparingLong(TraceEvent::start).thenComparingInt(TraceEvent::rank))
                .toList();
    }

    /** The clock whose units the events use. */
    public ClockKind clock() {
        return clock;
    }

    /** The events, ordered by start time then rank. */
    public List<TraceEvent> events() {
        return events;
    }

    /** Writes the trace as Chrome trace JSON to {@code file}. */
    public void writeChromeJson(Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writeChromeJson(w);
        }
    }

    /** Writes the trace as Chrome trace JSON ({@code {"traceEvents": [...]}}). */
    public void writeChromeJson(Writer w) throws IOException {
        new ChromeTraceWriter(clock, w).write(events);
    }
}
