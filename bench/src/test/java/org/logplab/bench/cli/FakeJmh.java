package org.logplab.bench.cli;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Stands in for JMH's main class in {@link JmhCommandTest}: prints its arguments and JVM flags,
 * fails as told ({@code fail}: a {@code <failure>}; {@code exit3}: exit code 3) and writes a
 * result file for {@code -rff} (two paired results of one fork, or none with {@code empty}). JDK classes only:
 * it runs alone in a jar of its own.
 */
public final class FakeJmh {
    private FakeJmh() {
    }

    public static void main(String[] args) throws Exception {
        List<String> a = List.of(args);
        System.out.println("fake jmh: " + String.join(" ", a));
        System.out.println("fake jmh flags: " + String.join(" ", ManagementFactory.getRuntimeMXBean()
                .getInputArguments()));
        if (a.contains("fail")) {
            System.out.println("<failure>");
            System.err.println("java.lang.IllegalStateException: the benchmark threw");
        }
        int rff = a.indexOf("-rff");
        if (rff >= 0) {
            String one = "{\"benchmark\":\"org.logplab.bench.jmh.ChannelBenchmark.pingPong\",\"mode\":\"avgt\","
                    + "\"forks\":1,\"params\":{\"impl\":\"%s\"},"
                    + "\"primaryMetric\":{\"score\":%d,\"scoreError\":1,\"scoreUnit\":\"ns/op\","
                    + "\"rawData\":[[%2$d]]}}";
            Files.writeString(Path.of(a.get(rff + 1)), a.contains("empty") ? "[ ]"
                    : "[" + String.format(one, "runtime", 600) + "," + String.format(one, "raw", 300) + "]");
        }
        System.exit(a.contains("exit3") ? 3 : 0);
    }
}
