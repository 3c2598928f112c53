package org.logplab.bench.cli;

import java.util.List;
import org.logplab.bench.cluster.ClusterRun;
import org.logplab.bench.cluster.NodeMedia;
import picocli.CommandLine.Option;

/**
 * The options of {@code logplab hop}: the media, the ring's rounds, the repetitions of the pair of
 * measurements, the ping-pong's round trips and the nodes' JVM options.
 */
final class HopOptions {

    @Option(names = "--media", defaultValue = "ipc",
            description = "ipc (one shared media driver; default) or udp (loopback).")
    String media;

    @Option(names = "--rounds", defaultValue = "20000",
            description = "Ring rounds per repetition, two hops each (default 20000: the nodes' JIT warm-up stays a "
                    + "small part).")
    int rounds;

    @Option(names = "--reps", defaultValue = "3", description = "Repetitions of the pair of measurements (default 3).")
    int reps;

    @Option(names = "--pingpong-reps", defaultValue = "10000",
            description = "Round trips of each ping-pong (default 10000).")
    int pingPongReps;

    @Option(names = "--node-jvm-options", split = " ",
            description = "Extra JVM options for each node, space separated.")
    List<String> jvmOptions = List.of();

    /** The media of both measurements. */
    NodeMedia media() {
        return switch (media) {
            case "ipc" -> NodeMedia.IPC;
            case "udp" -> NodeMedia.UDP;
            default -> throw new IllegalArgumentException("--media must be ipc or udp, got '" + media + "'");
        };
    }

    /** Refuses counts below 1. */
    void checkCounts() {
        if (rounds < 1 || reps < 1 || pingPongReps < 1) {
            throw new IllegalArgumentException("--rounds, --reps and --pingpong-reps must be at least 1, got "
                    + rounds + ", " + reps + " and " + pingPongReps);
        }
    }

    /**
     * The ring: {@code launch --nodes 2 --job ring --P 2 --rounds <rounds> --clock wall --L 0 --o 0
     * --g 0}'s run, every other setting at its default.
     */
    ClusterRun ring() {
        return ClusterRunOptions.parse("--job", "ring", "--P", "2", "--rounds", Integer.toString(rounds),
                "--clock", "wall", "--L", "0", "--o", "0", "--g", "0").run();
    }
}
