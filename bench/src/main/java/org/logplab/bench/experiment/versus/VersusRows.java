package org.logplab.bench.experiment.versus;

import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.experiment.versus.MessagePath.Test;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.LatencySampling;

/**
 * The rows of {@code logplab versus} ({@link VersusRounds}), one per test and size: {@code test},
 * {@code size_bytes}, {@code rounds}, {@code latency}, {@code ours_ns}, {@code floor_ns},
 * {@code ours_per_floor}, {@code mpi_ns}, {@code mpi_per_ours} (ns per operation; null where a side
 * did not run the test), {@code ours_messages_per_s} and {@code mpi_messages_per_s} for
 * {@code stream}, {@code mpi_version}, {@code rounds_shared} (the rounds left out of the medians
 * because a thread shared its core, see {@link VersusRounds}); then the sentences that read them.
 */
public final class VersusRows {
    private VersusRows() {
    }

    /** The outcome of {@code rounds} rounds recorded under {@code sampling}. */
    public static void print(Output out, VersusRounds.Outcome outcome, int rounds, LatencySampling sampling) {
        List<Column> columns = new ArrayList<>(List.of(Column.of("test", "test"), Column.of("size (B)", "size_bytes"),
                Column.of("ours (ns)", r -> fixed(r.get("ours_ns"))),
                Column.of("JCTools (ns)", r -> fixed(r.get("floor_ns"))),
                Column.of("ours/JCTools", r -> ratio(r.get("ours_per_floor"))),
                Column.of("Open MPI (ns)", r -> fixed(r.get("mpi_ns"))),
                Column.of("Open MPI/ours", r -> ratio(r.get("mpi_per_ours")))));
        if (outcome.mpjVersion() != null) {
            columns.add(Column.of("MPJ (ns)", r -> fixed(r.get("mpj_ns"))));
            columns.add(Column.of("MPJ/ours", r -> ratio(r.get("mpj_per_ours"))));
        }
        Output.Table table = out.table(columns.toArray(Column[]::new));
        for (VersusRounds.Medians m : outcome.medians()) {
            double o = m.ours();
            Row j = new Row().put("test", m.test().test().label()).put("size_bytes", m.test().sizeBytes())
                    .put("rounds", rounds).put("latency", sampling.toString()).put("ours_ns", o)
                    .put("floor_ns", nullIfNaN(m.floor())).put("ours_per_floor", nullIfNaN(o / m.floor()))
                    .put("mpi_ns", nullIfNaN(m.mpi())).put("mpi_per_ours", nullIfNaN(m.mpi() / o))
                    .put("rounds_shared", m.sharedRounds());
            if (m.test().test() == Test.STREAM) {
                j.put("ours_messages_per_s", 1e9 / o).put("mpi_messages_per_s", nullIfNaN(1e9 / m.mpi()));
            }
            j.put("mpi_version", outcome.mpiVersion()).put("mpj_ns", nullIfNaN(m.mpj()))
                    .put("mpj_per_ours", nullIfNaN(m.mpj() / o));
            if (m.test().test() == Test.STREAM) {
                j.put("mpj_messages_per_s", nullIfNaN(1e9 / m.mpj()));
            }
            table.add(j.put("mpj_version", outcome.mpjVersion()));
        }
        out.line("ns per operation (round trip, message, collective, exchange), medians of " + rounds
                + " alternating rounds; 2 processors, wall clock, nothing injected, latency " + sampling.describe()
                + ".");
        out.line("ours/JCTools: our time over the floor's (1.00x = level); Open MPI/ours: how many times faster ours"
                + " is.");
        sharedRounds(out, outcome.medians());
        outcome.medians().stream().filter(m -> m.test().test() == Test.STREAM).findFirst()
                .ifPresent(m -> out.line(String.format("streaming: ours %.1f M messages/s", 1e3 / m.ours())));
        if (outcome.medians().stream().anyMatch(m -> m.test().test() == Test.EXCHANGE)) {
            out.line("exchange hands each block over (a reference each way, the payload now belongs to the receiver);"
                    + " exchange-copy and Open MPI move the bytes.");
        }
        if (outcome.mpiVersion() != null) {
            out.line("Open MPI: " + outcome.mpiVersion() + ", 2 ranks, shared memory, mpirun --bind-to core");
        }
        if (outcome.mpjVersion() != null) {
            out.line("MPJ: " + outcome.mpjVersion() + ", 2 ranks as threads of one JVM on this JDK, moving the bytes"
                    + " of an exchange; MPJ/ours: how many times faster ours is.");
        }
    }

    /**
     * Says which tests had rounds in which a thread of ours or of the floor was off its core (its
     * core shared with another thread or program): such rounds are the slow mode of a bimodal
     * figure and are left out of the medians, unless every round was one.
     */
    private static void sharedRounds(Output out, List<VersusRounds.Medians> medians) {
        List<String> some = new ArrayList<>();
        List<String> all = new ArrayList<>();
        for (VersusRounds.Medians m : medians) {
            String name = m.test().test().hasBlock() ? m.test().test().label() + " " + m.test().sizeBytes() + " B"
                    : m.test().test().label();
            if (m.allShared()) {
                all.add(name);
            } else if (m.sharedRounds() > 0) {
                some.add(name + " " + m.sharedRounds() + " of " + m.rounds());
            }
        }
        if (!some.isEmpty()) {
            out.line("left out of the medians, rounds in which a thread was off its core for more than a tenth of the"
                    + " round (another thread or program, or a virtual machine's host, took the core): "
                    + String.join(", ", some) + ".");
        }
        if (!all.isEmpty()) {
            out.line("in every round a thread was off its core (another thread or program, or a virtual machine's host,"
                    + " took it), so these figures measure the scheduler as much as the code: " + String.join(", ", all)
                    + "; run again on an idle host.");
        }
    }

    /** Null for a figure a side did not give (NaN) or a ratio against none (infinite). */
    private static Object nullIfNaN(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
    }

    /** A time in ns: whole with separators from 100 on, else one decimal; {@code -} for none. */
    static String fixed(Object value) {
        if (!(value instanceof Number n) || Double.isNaN(n.doubleValue())) {
            return "-";
        }
        double v = n.doubleValue();
        return v >= 100 ? String.format("%,.0f", v) : String.format("%.1f", v);
    }

    /** A ratio as {@code 1.25x}; {@code -} for none. */
    static String ratio(Object value) {
        return value instanceof Number v && Double.isFinite(v.doubleValue()) ? String.format("%.2fx", v.doubleValue())
                : "-";
    }
}
