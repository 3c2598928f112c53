package org.logplab.bench;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a result came from, for researchers comparing runs: the LogP Lab build, the JDK, the
 * operating system, the cores the JVM may use, when the command started (UTC, ISO-8601) and its
 * command line. Every JSON result of {@code logplab} carries it under the key {@code provenance}.
 *
 * @param version   the LogP Lab version ({@link BuildInfo#version()})
 * @param commit    the git commit of the build, when known
 * @param jdk       {@code java.runtime.version} and vendor, e.g. {@code 25.0.1+8-LTS (Eclipse Adoptium)}
 * @param os        name, version and architecture, e.g. {@code Linux 6.1.0 amd64}
 * @param cores     {@link Runtime#availableProcessors()} when the command started
 * @param maxHeap   the JVM's maximum heap in bytes ({@link Runtime#maxMemory()})
 * @param timestamp when the command started, to the millisecond
 * @param command   the command line, {@code logplab} and its arguments
 */
public record Provenance(String version, Optional<String> commit, String jdk, String os, int cores, long maxHeap,
                         Instant timestamp, List<String> command) {

    /** The provenance of a command started now in this JVM with these arguments. */
    public static Provenance of(List<String> arguments) {
        BuildInfo build = BuildInfo.current();
        List<String> command = new java.util.ArrayList<>(arguments.size() + 1);
        command.add("logplab");
        command.addAll(arguments);
        return new Provenance(build.version(), build.commit(), runningJdk(), runningOs(), Runtime.getRuntime()
                .availableProcessors(),
                Runtime.getRuntime().maxMemory(), Instant.now().truncatedTo(ChronoUnit.MILLIS), List.copyOf(command));
    }

    /** The running JDK: runtime version and vendor. */
    public static String runningJdk() {
        return System.getProperty("java.runtime.version", System.getProperty("java.version")) + " ("
                + System.getProperty("java.vendor", "unknown vendor") + ")";
    }

    /** The operating system: name, version and architecture. */
    public static String runningOs() {
        return System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
    }

    /**
     * The JSON fields, in a stable order: {@code version}, {@code commit} (null when unknown),
     * {@code jdk}, {@code os}, {@code cores}, {@code max_heap_bytes}, {@code timestamp},
     * {@code command} (an array of strings).
     */
    public Map<String, Object> json() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("version", version);
        f.put("commit", commit.orElse(null));
        f.put("jdk", jdk);
        f.put("os", os);
        f.put("cores", cores);
        f.put("max_heap_bytes", maxHeap);
        f.put("timestamp", timestamp.toString());
        f.put("command", command);
        return f;
    }
}
