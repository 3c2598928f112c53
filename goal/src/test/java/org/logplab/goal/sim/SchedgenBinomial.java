package org.logplab.goal.sim;

import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.logplab.goal.GoalParser;
import org.logplab.goal.GoalSchedule;

/**
 * Schedgen's binomial tree broadcast from rank 0 ({@code schedgen -p binomialtreebcast -s P -d B}),
 * as the text Schedgen writes: its {@code create_binomial_tree_bcast_rank} line by line, repeated
 * {@code requires} lines included. As a program, it times the largest case of the issue, parsing
 * included:
 * <pre>
 * ./mvnw -q -o -pl goal -am test-compile
 * java -Xmx20g -cp goal/target/test-classes:goal/target/classes:core/target/classes \
 *     org.logplab.goal.sim.SchedgenBinomial 20
 * </pre>
 */
final class SchedgenBinomial {
    private SchedgenBinomial() {
    }

    /** Writes the broadcast of {@code bytes} over {@code ranks} ranks. */
    static void write(int ranks, long bytes, Writer out) throws IOException {
        out.write("num_ranks " + ranks + "\n");
        int rounds = 32 - Integer.numberOfLeadingZeros(ranks - 1); // ceil(log2(ranks))
        StringBuilder b = new StringBuilder(512);
        for (int v = 0; v < ranks; v++) {
            b.setLength(0);
            b.append("\nrank ").append(v).append(" {\n");
            int id = 0;
            int recv = -1;
            int send = -1;
            for (int r = 0; r < rounds; r++) {
                long step = 1L << r;
                if (v + step < ranks && v < step) {
                    send = ++id;
                    b.append('l').append(send).append(": send ").append(bytes).append("b to ").append(v + step)
                            .append(" tag 0\n");
                }
                if (send >= 0 && recv >= 0) {
                    b.append('l').append(send).append(" requires l").append(recv).append('\n');
                }
                if (v >= step && v < 2 * step) {
                    recv = ++id;
                    b.append('l').append(recv).append(": recv ").append(bytes).append("b from ").append(v - step)
                            .append(" tag 0\n");
                }
            }
            b.append("}\n");
            out.write(b.toString());
        }
    }

    /** Generates 2^k ranks (k the argument, default 20) into a temporary file, then parses and simulates it. */
    public static void main(String[] args) throws IOException {
        int k = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Path file = Files.createTempFile("binomial-" + k, ".goal");
        try {
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
                write(1 << k, 8, w);
            }
            long t0 = System.nanoTime();
            GoalSchedule s = GoalParser.parse(file);
            long t1 = System.nanoTime();
            ModelRun r = GoalSimulator.loggopsim(LogGopsParams.DEFAULTS).run(s);
            long t2 = System.nanoTime();
            long peak = 0;
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP) {
                    peak += pool.getPeakUsage().getUsed();
                }
            }
            System.out.printf(Locale.ROOT, "2^%d ranks, %,d operations, %,d bytes of GOAL: parse %.2f s, simulate %.2f"
                    + " s, total %.2f s; makespan %d at rank %d; %,d events; heap pools' peaks %,d MiB of %,d MiB%n",
                    k, s.operations(), Files.size(file), (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t2 - t0) / 1e9,
                    r.makespan(), r.slowestRank(), r.events(), peak >> 20, Runtime.getRuntime().maxMemory() >> 20);
        } finally {
            Files.delete(file);
        }
    }
}
