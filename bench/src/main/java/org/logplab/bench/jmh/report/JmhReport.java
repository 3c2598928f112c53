package org.logplab.bench.jmh.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.limits.OutputPaths;
import org.logplab.bench.output.JsonLines;
import org.logplab.bench.output.Output;

/**
 * The report of a JMH JSON result file ({@code -rf json -rff FILE}): ratio tables of ours against
 * the peer measured in the same run ({@link RatioTable}), since ratios are what hold on a noisy
 * machine, how steady each result's forks were ({@link SteadinessTable}: a bimodal one is reported
 * by its modes, not its mean), and speedups over one thread where the suites vary the threads
 * ({@link ScalingTable}).
 */
public final class JmhReport {
    private final Path file;
    private final JsonNode results;

    private JmhReport(Path file, JsonNode results) {
        this.file = file;
        this.results = results;
    }

    /**
     * Reads {@code file}.
     *
     * @throws IllegalArgumentException when the file cannot be read, would not fit the heap, is
     *     not JSON, or is not an array of results
     */
    public static JmhReport read(Path file) throws IOException {
        OutputPaths.checkReadableFile(null, file);
        Limits.heap(16 * Files.size(file) + (64L << 20), "reading " + file + " (" + Files.size(file) + " bytes)");
        JsonNode root;
        try {
            root = JsonLines.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " is not JSON: " + (e instanceof JsonProcessingException j
                    ? j.getOriginalMessage() : e.getMessage()));
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException(file + " is not a JMH result array (run JMH with -rf json)");
        }
        return new JmhReport(file, root);
    }

    /** The results as JMH wrote them: its JSON array. */
    JsonNode results() {
        return results;
    }

    /**
     * Why the file holds no report, or empty when it holds one: no results (JMH writes {@code [ ]}
     * when every benchmark failed), or a result without a finite score (a failed benchmark).
     */
    public Optional<String> problem() {
        if (results.isEmpty()) {
            return Optional.of(file + " holds no results: every benchmark failed or none matched the pattern"
                    + " (JMH's own output says which; look for <failure>)");
        }
        List<String> broken = new ArrayList<>();
        for (JsonNode b : results) {
            JsonNode score = b.path("primaryMetric").path("score");
            if (!score.isNumber() || !Double.isFinite(score.asDouble())) {
                broken.add(b.path("benchmark").asText("?") + " " + b.path("params"));
            }
        }
        if (!broken.isEmpty()) {
            return Optional.of(broken.size() + " of " + results.size() + " results in " + file + " have no score (the"
                    + " benchmark failed): " + String.join(", ", broken));
        }
        return Optional.empty();
    }

    /**
     * Prints the tables to {@code out}, and names the results that pair with no peer, and counts
     * those of fewer than two forks, to {@code notes}; only for a file without a {@link #problem()}.
     */
    public void print(Output out, Consumer<String> notes) {
        Map<String, List<JmhResult>> groups = new LinkedHashMap<>();
        List<String> unpaired = new ArrayList<>();
        List<JmhResult> parsed = new ArrayList<>();
        for (JsonNode b : results) {
            JmhResult r = JmhResult.parse(b);
            if (r == null) {
                unpaired.add(b.path("benchmark").asText("?"));
                continue;
            }
            parsed.add(r);
            groups.computeIfAbsent(r.group(), k -> new ArrayList<>()).add(r);
        }
        RatioTable.print(out, groups, unpaired);
        SteadinessTable.print(out, results, notes);
        ScalingTable.print(out, parsed);
        if (!unpaired.isEmpty()) {
            notes.accept("not paired with a peer (left out): " + String.join(", ", unpaired));
        }
    }
}
