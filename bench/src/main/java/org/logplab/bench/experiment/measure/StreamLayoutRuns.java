package org.logplab.bench.experiment.measure;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.logplab.bench.limits.Limits;
import org.logplab.net.StreamLayouts;
import org.logplab.net.StreamLayouts.Layout;

/**
 * The cluster's stream layouts side by side ({@link StreamLayouts}): sending threads of one
 * process stream frames over Aeron UDP loopback to one receiver, on a stream per rank pair, one
 * per process pair shared under a lock, or one concurrent publication. After an unrecorded
 * warm-up, each round runs every layout once, in rotating order, so that a drifting host slows
 * them alike; each layout's median round is its figure.
 */
public final class StreamLayoutRuns {
    /** The layouts in the order they are reported; the first is the one the others are compared with. */
    public static final List<Layout> LAYOUTS = List.of(Layout.PER_PROCESS_PAIR, Layout.PER_RANK_PAIR,
            Layout.PER_PROCESS_PAIR_CONCURRENT);
    /** What a message costs at the least, ns: Aeron over UDP loopback carries about a million short frames a second. */
    private static final double NANOS_PER_MESSAGE = 1_000;
    /** Messages per sender of the warm-up, at most. */
    private static final int WARMUP_MESSAGES = 20_000;

    private StreamLayoutRuns() {
    }

    /**
     * Refuses runs estimated beyond {@code maxNanos}: every message of the three layouts, the
     * warm-ups included, takes at least a microsecond and the copy of its bytes.
     */
    public static void refuseWhatCannotRun(List<Integer> senders, int messages, int size, int reps, long maxNanos) {
        double messagesInAll = senders.stream().mapToDouble(n -> n * (3.0 * reps * messages
                + Math.min(messages, WARMUP_MESSAGES))).sum();
        Limits.time(messagesInAll * (NANOS_PER_MESSAGE + size * Limits.COPY_NANOS_PER_BYTE), maxNanos, String.format(
                "%,.0f messages of %,d bytes over the three layouts, at least %.0f us each", messagesInAll, size,
                NANOS_PER_MESSAGE / 1e3));
    }

    /**
     * The median of {@code reps} rounds of each layout with {@code senders} sending threads, each
     * sending {@code messages} messages of {@code size} bytes; in the order of {@link #LAYOUTS}.
     *
     * @param termLength Aeron's term length, bytes
     */
    public static List<StreamLayouts.Result> medians(int senders, int messages, int size, int termLength, int reps)
            throws IOException, InterruptedException {
        // Warm-up: the JIT and the driver, not recorded.
        StreamLayouts.run(Layout.PER_PROCESS_PAIR, senders, Math.min(messages, WARMUP_MESSAGES), size, termLength);
        Map<Layout, List<StreamLayouts.Result>> runs = new EnumMap<>(Layout.class);
        for (int rep = 0; rep < reps; rep++) {
            for (int k = 0; k < LAYOUTS.size(); k++) {
                Layout layout = LAYOUTS.get((k + rep) % LAYOUTS.size());
                runs.computeIfAbsent(layout, x -> new ArrayList<>())
                        .add(StreamLayouts.run(layout, senders, messages, size, termLength));
            }
        }
        List<StreamLayouts.Result> medians = new ArrayList<>();
        for (Layout layout : LAYOUTS) {
            List<StreamLayouts.Result> rs = new ArrayList<>(runs.get(layout));
            rs.sort(Comparator.comparingDouble(StreamLayouts.Result::messagesPerSecond));
            medians.add(rs.get(rs.size() / 2));
        }
        return medians;
    }
}
