package org.logplab.goal;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * Writes a {@link GoalSchedule} as GOAL text that LogGOPSim's {@code txt2bin} and
 * {@link GoalParser} read: {@code num_ranks}, then each rank's block with its operations in order
 * ({@code tag} always on a send or receive, {@code cpu} and {@code nic} where not 0), then its
 * dependencies, grouped by the operation waited on, each in its order. For a schedule whose every
 * operation in a dependency has a label, {@code GoalParser.parse(write(s))} equals {@code s}; an
 * operation in a dependency without one is written with a label made for it ({@code op<k>}, its
 * place in its rank, with {@code _} added until no label of the rank has that name). Stateless;
 * any thread.
 */
public final class GoalWriter {
    private GoalWriter() {
    }

    /** The schedule as GOAL text. */
    public static String toText(GoalSchedule schedule) {
        StringWriter w = new StringWriter();
        try {
            write(schedule, w);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return w.toString();
    }

    /** Writes the schedule to the file {@code file} (replacing it), UTF-8. */
    public static void write(GoalSchedule schedule, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(schedule, w);
        }
    }

    /** Writes the schedule to {@code out} (not closed). */
    public static void write(GoalSchedule schedule, Writer out) throws IOException {
        out.write("num_ranks " + schedule.ranks() + "\n");
        for (int r = 0; r < schedule.ranks(); r++) {
            out.write("\nrank " + r + " {\n");
            String[] labels = labels(schedule, r);
            int first = schedule.first(r);
            for (int op = first; op < schedule.end(r); op++) {
                String label = labels[op - first];
                if (label != null) {
                    out.write(label);
                    out.write(": ");
                }
                out.write(schedule.text(op));
                out.write('\n');
            }
            for (int b = first; b < schedule.end(r); b++) {
                for (int k = 0; k < schedule.finishDependentCount(b); k++) {
                    out.write(labels[schedule.finishDependent(b, k) - first] + " requires " + labels[b - first]
                            + "\n");
                }
                for (int k = 0; k < schedule.startDependentCount(b); k++) {
                    out.write(labels[schedule.startDependent(b, k) - first] + " irequires " + labels[b - first]
                            + "\n");
                }
            }
            out.write("}\n");
        }
    }

    /** The labels of rank {@code r}'s operations as written: their own, or one made where a dependency needs it. */
    private static String[] labels(GoalSchedule s, int r) {
        int first = s.first(r);
        String[] labels = new String[s.end(r) - first];
        boolean missing = false;
        for (int op = first; op < s.end(r); op++) {
            labels[op - first] = s.label(op);
            boolean depends = s.requirements(op) > 0 || s.finishDependentCount(op) > 0
                    || s.startDependentCount(op) > 0;
            missing |= labels[op - first] == null && depends;
        }
        if (!missing) {
            return labels;
        }
        Set<String> taken = new HashSet<>();
        for (String l : labels) {
            if (l != null) {
                taken.add(l);
            }
        }
        for (int op = first; op < s.end(r); op++) {
            boolean depends = s.requirements(op) > 0 || s.finishDependentCount(op) > 0
                    || s.startDependentCount(op) > 0;
            if (labels[op - first] == null && depends) {
                String made = "op" + (op - first + 1);
                while (!taken.add(made)) {
                    made += "_";
                }
                labels[op - first] = made;
            }
        }
        return labels;
    }
}
