package org.logplab.bench.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.logplab.bench.output.JsonLines;
import org.logplab.core.cluster.Partition;

/**
 * What the nodes of a launch reported, put together: every rank's finish time (each node reports
 * them all; they must agree), every rank's result (each node reports its own block's) and the
 * frames the nodes rejected. A node that printed no report, or reported a failure, makes the run
 * not {@code ok}; the reason goes to the notes.
 *
 * @param ok whether every node reported success
 * @param finish each rank's finish time (model units, or ns on the wall clock); null unless {@code ok}
 * @param results each rank's result; meaningful only where {@code ok}
 * @param rejected the frames rejected over all nodes, of every kind
 */
public record NodeResults(boolean ok, long[] finish, long[] results, long rejected) {
    /** The exit status of a JVM that {@code -XX:+ExitOnOutOfMemoryError} ended (NodeProcesses passes it). */
    private static final int OUT_OF_MEMORY_STATUS = 3;

    /**
     * Gathers the reports of the nodes of {@code partition} from their last JSON line.
     *
     * @throws IllegalStateException if two nodes report different finish times
     */
    public static NodeResults gather(LocalNodes.Ended ended, Partition partition, Consumer<String> notes)
            throws IOException {
        int P = partition.P();
        long[] finish = null;
        long[] results = new long[P];
        boolean ok = true;
        long rejected = 0;
        for (int i = 0; i < partition.nodes(); i++) {
            List<String> output = ended.outputs().get(i);
            Integer exitValue = ended.exitValues().get(i);
            JsonNode o = lastJson(output);
            if (o == null) {
                ok = false;
                notes.accept("node " + i + " failed: it exited with status " + exitValue + " and printed no result"
                        + (Integer.valueOf(OUT_OF_MEMORY_STATUS).equals(exitValue)
                        ? ": it ran out of heap (give the nodes more with --node-jvm-options -Xmx...)" : "")
                        + (output.isEmpty() ? "" : " (its output: " + output + ")"));
                continue;
            }
            rejected += o.get("rejected_unknown_peer").asLong() + o.get("rejected_malformed").asLong()
                    + o.get("rejected_misaddressed").asLong();
            if (!o.get("ok").asBoolean()) {
                ok = false;
                notes.accept("node " + i + " failed: " + o.get("error").asText());
                continue;
            }
            long[] f = new long[P];
            for (int r = 0; r < P; r++) {
                f[r] = o.get("finish_times").get(r).asLong();
            }
            if (finish != null && !Arrays.equals(finish, f)) {
                throw new IllegalStateException("nodes 0 and " + i + " report different finish times");
            }
            finish = f;
            for (int k = 0; k < partition.count(i); k++) {
                results[partition.first(i) + k] = o.get("results").get(k).asLong();
            }
        }
        return new NodeResults(ok, finish, results, rejected);
    }

    /** The latest finish time: the run's makespan. */
    public long makespan() {
        return Arrays.stream(finish).max().orElse(0);
    }

    /** A node's report, or null if it printed none (it died, or was stopped). */
    private static JsonNode lastJson(List<String> lines) throws IOException {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith("{")) {
                return JsonLines.MAPPER.readTree(lines.get(i));
            }
        }
        return null;
    }
}
