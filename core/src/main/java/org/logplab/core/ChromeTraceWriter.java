package org.logplab.core;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;

/**
 * Writes trace events in the Chrome trace event format: complete events ({@code "ph":"X"}) on one
 * thread track per rank, and flow events ({@code "s"}/{@code "f"}) joining each send to the receive
 * that took its message. Sends and receives of one ordered pair are matched in FIFO order, as the
 * channels deliver them.
 */
final class ChromeTraceWriter {
    private final ClockKind clock;
    private final Writer out;
    private boolean first = true;

    ChromeTraceWriter(ClockKind clock, Writer out) {
        this.clock = clock;
        this.out = out;
    }

    void write(Iterable<TraceEvent> events) throws IOException {
        out.write("{\"displayTimeUnit\":\"" + (clock == ClockKind.MODEL ? "ms" : "ns")
                + "\",\"otherData\":{\"clock\":\"" + clock.name().toLowerCase() + "\",\"unit\":\""
                + (clock == ClockKind.MODEL ? "1 model unit shown as 1 us" : "us") + "\"},\"traceEvents\":[\n");
        Map<Long, Queue<Long>> flowIds = new HashMap<>();
        long nextFlow = 1;
        for (TraceEvent e : events) {
            String name = switch (e.kind()) {
                case SEND -> "send to " + e.peer();
                case RECV -> "recv from " + e.peer();
                case COMPUTE -> "compute";
            };
            event("{\"name\":\"" + name + "\",\"cat\":\"" + e.kind().name().toLowerCase()
                    + "\",\"ph\":\"X\",\"pid\":0,\"tid\":" + e.rank() + ",\"ts\":" + micros(e.start())
                    + ",\"dur\":" + micros(e.end() - e.start())
                    + ",\"args\":{\"peer\":" + e.peer() + ",\"tag\":" + e.tag() + ",\"bytes\":" + e.bytes() + "}}");
            if (e.kind() == TraceEvent.Kind.SEND) {
                long id = nextFlow++;
                flowIds.computeIfAbsent(pair(e.rank(), e.peer()), k -> new ArrayDeque<>()).add(id);
                event("{\"name\":\"message\",\"cat\":\"flow\",\"ph\":\"s\",\"id\":" + id
                        + ",\"pid\":0,\"tid\":" + e.rank() + ",\"ts\":" + micros(e.start()) + "}");
            } else if (e.kind() == TraceEvent.Kind.RECV) {
                Queue<Long> ids = flowIds.get(pair(e.peer(), e.rank()));
                Long id = ids == null ? null : ids.poll();
                if (id != null) {
                    event("{\"name\":\"message\",\"cat\":\"flow\",\"ph\":\"f\",\"bp\":\"e\",\"id\":" + id
                            + ",\"pid\":0,\"tid\":" + e.rank() + ",\"ts\":" + micros(e.start()) + "}");
                }
            }
        }
        out.write("\n]}\n");
    }

    private void event(String json) throws IOException {
        if (!first) {
            out.write(",\n");
        }
        first = false;
        out.write(json);
    }

    private String micros(long units) {
        if (clock == ClockKind.MODEL) {
            return Long.toString(units);
        }
        return Long.toString(units / 1000) + "." + String.format("%03d", Math.abs(units % 1000));
    }

    private static long pair(int src, int dst) {
        return ((long) src << 32) | (dst & 0xffffffffL);
    }
}
