package org.logplab.bench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.JsonLines;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Progress;
import org.logplab.bench.output.Row;
import org.logplab.core.measure.PingPong;
import org.logplab.core.measure.Stats;
import org.logplab.net.AeronPingPong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab hop}: what a message between two processes costs a program, beside what it costs
 * the transport. Each repetition measures, one after the other:
 * <ul>
 *   <li>the transport's one-way time: {@code pingpong --transport aeron-ipc|aeron-udp --sizes 8}
 *       (two threads of one JVM, half the round trip of a frame with an 8-byte payload; its median
 *       and its mean);</li>
 *   <li>the hop: {@code launch --nodes 2 --job ring --P 2 --clock wall --L 0 --o 0 --g 0}, a token
 *       (a {@code Long}, 8 bytes of payload) passed between two ranks on two node JVMs for
 *       {@code --rounds} rounds; its makespan over the {@code 2 * rounds} hops, every one between
 *       the processes.</li>
 * </ul>
 * The hop is a mean (every stall counts), so its ratio is to the mean one-way time; on a host
 * with idle cores the two means are close to the medians. Alternating the two measurements
 * spreads the machine's other load over both.
 *
 * <p>JSON Lines: one object per repetition ({@code rep}, {@code media}, {@code oneway_ns_p50},
 * {@code oneway_ns_mean}, {@code hop_ns}, {@code ratio}: hop over mean one-way), then one with
 * {@code summary: true}, {@code media}, {@code rounds}, {@code hops}, {@code reps} and the medians
 * over the repetitions of {@code oneway_ns_p50}, {@code oneway_ns_mean}, {@code hop_ns} and
 * {@code ratio}.
 */
@Command(name = "hop", header = "A hop between two node processes beside the transport's own one-way time.",
        description = {"Alternates 'pingpong --transport aeron-<media> --sizes 8' with 'launch --nodes 2 --job ring --P 2",
            "--clock wall --L 0 --o 0 --g 0' and prints both times per message and their ratio."})
final class HopCommand extends RowsCommand {
    private static final int PAYLOAD_BYTES = 8;

    @Option(names = "--media", defaultValue = "ipc", description = "ipc (one shared media driver; default) or udp (loopback).")
    String media;

    @Option(names = "--rounds", defaultValue = "20000",
            description = "Ring rounds per repetition, two hops each (default 20000: the nodes' JIT warm-up stays a small part).")
    int rounds;

    @Option(names = "--reps", defaultValue = "3", description = "Repetitions of the pair of measurements (default 3).")
    int reps;

    @Option(names = "--pingpong-reps", defaultValue = "10000", description = "Round trips of each ping-pong (default 10000).")
    int pingPongReps;

    @Option(names = "--node-jvm-options", split = " ", description = "Extra JVM options for each node, space separated.")
    List<String> jvmOptions = List.of();

    @Mixin
    TimeLimitOptions timeLimit;

    /** What a hop between two node processes takes at the least, ns (about 110 us measured here; README, logplab hop). */
    private static final double NANOS_PER_HOP = 20_000;
    /** What a ping-pong round trip of 8 bytes over Aeron takes at the least, ns (about 6 us measured here). */
    private static final double NANOS_PER_ROUND_TRIP = 2_000;
    /** Starting two node JVMs and their media drivers, ns, at the least. */
    private static final double NANOS_TO_START_NODES = 1e9;

    @Override
    int execute() throws Exception {
        AeronPingPong.Medium medium = switch (media) {
            case "ipc" -> AeronPingPong.Medium.IPC;
            case "udp" -> AeronPingPong.Medium.UDP;
            default -> throw new IllegalArgumentException("--media must be ipc or udp, got '" + media + "'");
        };
        if (rounds < 1 || reps < 1 || pingPongReps < 1) {
            throw new IllegalArgumentException("--rounds, --reps and --pingpong-reps must be at least 1, got "
                    + rounds + ", " + reps + " and " + pingPongReps);
        }
        long hops = 2L * rounds;
        timeLimit.check(reps * (hops * NANOS_PER_HOP + 1.2 * pingPongReps * NANOS_PER_ROUND_TRIP + NANOS_TO_START_NODES),
                String.format("%d repetitions of %,d hops between processes at %.0f us or more and %,d round trips at %.0f us or more",
                        reps, hops, NANOS_PER_HOP / 1e3, pingPongReps, NANOS_PER_ROUND_TRIP / 1e3));
        long[] oneWay = new long[reps];
        long[] oneWayMean = new long[reps];
        long[] hop = new long[reps];
        long[] permille = new long[reps];
        Output.Table table = output().table(Column.of("rep", "rep"), Column.of("one-way p50 (ns)", r -> Cells.nanos(r.getDouble("oneway_ns_p50"))),
                Column.of("one-way mean (ns)", r -> Cells.nanos(r.getDouble("oneway_ns_mean"))), Column.of("hop (ns)", r -> Cells.nanos(r.getDouble("hop_ns"))),
                Column.of("hop / one-way mean", "ratio", "%.1f"));
        try (Progress steps = progress("hop", reps)) {
            for (int i = 0; i < reps; i++) {
                steps.step("ping-pong over aeron-" + media + ", then the ring over 2 node processes");
                PingPong.Result pp = AeronPingPong.run(medium, new int[] {PAYLOAD_BYTES}, Math.max(100, pingPongReps / 5), pingPongReps)[0];
                oneWay[i] = pp.medianOneWayNanos();
                oneWayMean[i] = Math.round(pp.oneWayNanos().getMean());
                hop[i] = Math.round(ringMakespan() / (double) hops);
                permille[i] = Math.round(1000.0 * hop[i] / Math.max(1, oneWayMean[i]));
                table.add(new Row().put("rep", i + 1).put("media", media).put("oneway_ns_p50", oneWay[i]).put("oneway_ns_mean", oneWayMean[i])
                        .put("hop_ns", hop[i]).put("ratio", permille[i] / 1000.0));
            }
        }
        double medianOneWay = Stats.median(oneWay);
        double medianOneWayMean = Stats.median(oneWayMean);
        double medianHop = Stats.median(hop);
        double medianRatio = Stats.median(permille) / 1000.0;
        output().record(new Row().put("summary", true).put("media", media).put("rounds", rounds).put("hops", hops).put("reps", reps)
                        .put("oneway_ns_p50", medianOneWay).put("oneway_ns_mean", medianOneWayMean).put("hop_ns", medianHop)
                        .put("ratio", medianRatio),
                String.format("medians over the repetitions: one-way p50 %s ns, mean %s ns; hop %s ns; hop / one-way mean %.1f%n"
                        + "(one-way: ping-pong of %d-byte payloads between two threads of one JVM, half the round trip; hop: the ring's"
                        + " makespan over %,d hops between two node JVMs, L = o = g = 0)",
                        Cells.nanos(medianOneWay), Cells.nanos(medianOneWayMean), Cells.nanos(medianHop), medianRatio, PAYLOAD_BYTES, hops));
        return 0;
    }

    /** Runs the ring through {@code logplab launch} and returns its wall-clock makespan, ns. */
    private long ringMakespan() throws Exception {
        List<String> args = new ArrayList<>(List.of("launch", "--json", "--media", media, "--nodes", "2", "--job", "ring",
                "--P", "2", "--rounds", Integer.toString(rounds), "--clock", "wall", "--L", "0", "--o", "0", "--g", "0"));
        if (!jvmOptions.isEmpty()) {
            args.add("--node-jvm-options=" + String.join(" ", jvmOptions));
        }
        StringWriter out = new StringWriter();
        int code = LogPlabCli.execute(new PrintWriter(out, true), err(), args.toArray(String[]::new));
        List<String> lines = out.toString().lines().filter(l -> l.startsWith("{")).toList();
        if (code != 0 || lines.isEmpty()) {
            throw new IllegalStateException("the ring over 2 node processes failed (launch exit code " + code + ")");
        }
        JsonNode summary = JsonLines.MAPPER.readTree(lines.get(lines.size() - 1));
        if (!summary.path("ok").asBoolean() || !summary.path("theory_ok").asBoolean()) {
            throw new IllegalStateException("the ring over 2 node processes went wrong: " + summary);
        }
        return summary.get("makespan").asLong();
    }
}
