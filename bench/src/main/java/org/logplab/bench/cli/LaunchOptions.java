package org.logplab.bench.cli;

import java.time.Duration;
import java.util.List;
import org.logplab.bench.cluster.NodeMedia;
import picocli.CommandLine.Option;

/**
 * The options of {@code logplab launch} beside the run's own ({@link ClusterRunOptions}): how many
 * node processes, how they reach each other, whether to compare with an in-process run, the nodes'
 * JVM options and how long to wait for them.
 */
final class LaunchOptions {

    @Option(names = "--nodes", defaultValue = "2", description = "Node processes to start (default 2).")
    int nodes;

    @Option(names = "--media", defaultValue = "udp",
            description = "udp (loopback ports, an embedded media driver per node; default) or ipc (one media driver"
                    + " in this process, shared by the nodes).")
    String media;

    @Option(names = "--check", description = "Also run the job in this process and compare.")
    boolean check;

    @Option(names = "--node-jvm-options", split = " ",
            description = "Extra JVM options for each node, space separated.")
    List<String> jvmOptions = List.of();

    @Option(names = "--wait", converter = DurationNanosConverter.class, defaultValue = "300s",
            description = "Longest to wait for the nodes (default 300s).")
    long waitNanos;

    /** The node count; at least 1. */
    int nodes() {
        if (nodes < 1) {
            throw new IllegalArgumentException("--nodes must be at least 1, got " + nodes);
        }
        return nodes;
    }

    /** Whether {@code --media} names the one shared media driver (for the estimate of its files). */
    boolean sharedDriver() {
        return media.equals("ipc");
    }

    /** How the nodes reach each other. */
    NodeMedia media() {
        return switch (media) {
            case "udp" -> NodeMedia.UDP;
            case "ipc" -> NodeMedia.IPC;
            default -> throw new IllegalArgumentException("--media must be udp or ipc, got '" + media + "'");
        };
    }

    /** The longest to wait for the nodes. */
    Duration waitTime() {
        return Duration.ofNanos(waitNanos);
    }
}
