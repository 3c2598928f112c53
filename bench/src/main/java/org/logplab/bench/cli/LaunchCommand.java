package org.logplab.bench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.aeron.driver.MediaDriver;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import org.logplab.bench.cluster.ClusterJob;
import org.logplab.bench.cluster.NodeProcesses;
import org.logplab.bench.limits.JvmHeap;
import org.logplab.bench.limits.NodeHeap;
import org.logplab.bench.output.Cells;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.JsonLines;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.core.ClockKind;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.cluster.Partition;
import org.logplab.net.AeronTransport;
import org.logplab.net.PeerAddress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code logplab launch}: starts {@code --nodes} local {@code logplab node} processes on loopback
 * ports for one job, gathers what each reports and prints every rank's finish time and result.
 * Whether it ends normally, by a signal, by its {@code --wait} time-out or because a node failed,
 * it stops every node it started and removes their files ({@link NodeProcesses}); a P that a
 * node's heap clearly cannot hold is refused before anything starts.
 * With {@code --check} it also runs the job in this process and compares: results (and, under
 * the model clock, finish times) must be equal, and results must match theory where it has a
 * closed form. For testing and teaching; across hosts start {@code logplab node} on each.
 *
 * <p>JSON Lines: one object per rank ({@code rank}, {@code node}, {@code finish}, {@code result},
 * and with {@code --check} {@code inprocess_finish}, {@code inprocess_result}), then one with
 * {@code summary: true}, {@code job}, {@code P}, {@code nodes}, {@code clock}, {@code makespan},
 * {@code ok} (every node succeeded), {@code theory_ok} (null where theory has no closed form),
 * with {@code --check} {@code inprocess_makespan} and {@code equal}; and {@code rejected_frames}
 * (all kinds over all nodes).
 */
@Command(name = "launch", header = "Start local node processes for one job and compare with an in-process run.",
        description = "Starts --nodes JVMs running 'logplab node' on 127.0.0.1, each with a block of the ranks.")
final class LaunchCommand extends RowsCommand {
    /** The exit status of a JVM that {@code -XX:+ExitOnOutOfMemoryError} ended (NodeProcesses passes it). */
    private static final int OUT_OF_MEMORY_STATUS = 3;

    @Option(names = "--nodes", defaultValue = "2", description = "Node processes to start (default 2).")
    int nodes;

    @Option(names = "--media", defaultValue = "udp",
            description = "udp (loopback ports, an embedded media driver per node; default) or ipc (one media driver in this "
                    + "process, shared by the nodes).")
    String media;

    @Option(names = "--check", description = "Also run the job in this process and compare.")
    boolean check;

    @Option(names = "--node-jvm-options", split = " ", description = "Extra JVM options for each node, space separated.")
    List<String> jvmOptions = List.of();

    @Option(names = "--wait", converter = DurationNanosConverter.class, defaultValue = "300s",
            description = "Longest to wait for the nodes (default 300s).")
    long waitNanos;

    @Mixin
    ClusterRunOptions run;

    @Override
    int execute() throws Exception {
        ClusterJob job = run.parsedJob();
        RunConfig config = run.config();
        int P = config.params().P();
        if (nodes < 1) {
            throw new IllegalArgumentException("--nodes must be at least 1, got " + nodes);
        }
        Partition partition = Partition.blocks(P, nodes);
        refuseWhatTheHeapsCannotHold(job, partition);
        refuseWhatTheDiskCannotHold();
        job.program(config.params(), config.clock(), run.sizes(), new AtomicLongArray(P)); // validates the sizes before starting anything
        if (nodes > Runtime.getRuntime().availableProcessors()) {
            note("warning: " + nodes + " node processes on " + Runtime.getRuntime().availableProcessors()
                    + " cores: wall-clock times measure the scheduler as much as the run");
        }
        List<List<String>> outputs;
        List<Integer> exitValues = new ArrayList<>();
        MediaDriver shared = null;
        try {
            List<String> route;
            switch (media) {
                case "udp" -> {
                    List<PeerAddress> peers = NodeProcesses.loopbackPeers(nodes);
                    route = NodeProcesses.udp(peers);
                    note("launching " + nodes + " nodes on " + peers + " for " + job.cliName() + " with P = " + P + "...");
                }
                case "ipc" -> {
                    shared = AeronTransport.sharedDriver();
                    route = NodeProcesses.ipc(nodes, Path.of(shared.aeronDirectoryName()));
                    note("launching " + nodes + " nodes over IPC (media driver " + shared.aeronDirectoryName() + ") for "
                            + job.cliName() + " with P = " + P + "...");
                }
                default -> throw new IllegalArgumentException("--media must be udp or ipc, got '" + media + "'");
            }
            try (NodeProcesses processes = new NodeProcesses(nodes, route, run.asArguments(), jvmOptions, this::note).startAll()) {
                note("node files go under " + processes.workDir() + " (removed when the nodes end)");
                // A failed node's peers hear of it at once, or within the peer timeout if it died.
                outputs = processes.await(Duration.ofNanos(waitNanos), run.peerTimeout().plus(NodeProcesses.GRACE));
                for (int i = 0; i < nodes; i++) {
                    exitValues.add(processes.exitValue(i));
                }
            } catch (IllegalStateException timedOut) {
                return failed(timedOut.getMessage() + " (--wait gives them longer)");
            }
        } finally {
            if (shared != null) {
                Path dir = Path.of(shared.aeronDirectoryName()).getParent();
                shared.close();
                AeronTransport.deleteDir(dir);
            }
        }
        long[] finish = null;
        long[] results = new long[P];
        boolean ok = true;
        long rejected = 0;
        for (int i = 0; i < nodes; i++) {
            JsonNode o = lastJson(outputs.get(i));
            if (o == null) {
                ok = false;
                note("node " + i + " failed: it exited with status " + exitValues.get(i) + " and printed no result"
                        + (Integer.valueOf(OUT_OF_MEMORY_STATUS).equals(exitValues.get(i))
                        ? ": it ran out of heap (give the nodes more with --node-jvm-options -Xmx...)" : "")
                        + (outputs.get(i).isEmpty() ? "" : " (its output: " + outputs.get(i) + ")"));
                continue;
            }
            rejected += o.get("rejected_unknown_peer").asLong() + o.get("rejected_malformed").asLong()
                    + o.get("rejected_misaddressed").asLong();
            if (!o.get("ok").asBoolean()) {
                ok = false;
                note("node " + i + " failed: " + o.get("error").asText());
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
        long[] expected = job.expected(P, run.sizes());
        RunResult single = null;
        long[] singleResults = null;
        if (check && ok) {
            note("running the same job in this process...");
            AtomicLongArray got = new AtomicLongArray(P);
            single = Machine.run(config, job.program(config.params(), config.clock(), run.sizes(), got));
            singleResults = new long[P];
            for (int r = 0; r < P; r++) {
                singleResults[r] = got.get(r);
            }
        }
        boolean model = config.clock() == ClockKind.MODEL;
        List<Column> columns = new ArrayList<>(List.of(Column.of("rank", "rank"), Column.of("node", "node"), Column.of("finish", "finish"),
                Column.of("result", "result")));
        if (check) {
            columns.add(Column.of("in-process finish", "inprocess_finish"));
            columns.add(Column.of("in-process result", "inprocess_result"));
        }
        Output.Table table = output().table(columns.toArray(Column[]::new));
        for (int r = 0; ok && r < P; r++) {
            Row f = new Row().put("rank", r).put("node", partition.nodeOf(r)).put("finish", finish[r]).put("result", results[r]);
            if (single != null) {
                f.put("inprocess_finish", single.finishTime(r)).put("inprocess_result", singleResults[r]);
            }
            table.add(f);
        }
        Boolean theoryOk = !ok || expected == null ? null : Arrays.equals(expected, results);
        Boolean equal = single == null ? null
                : Arrays.equals(results, singleResults) && (!model || Arrays.equals(finish, single.finishTimes()));
        Row s = new Row().put("summary", true).put("job", job.cliName()).put("P", P).put("nodes", nodes).put("clock", run.logp.clock)
                .put("makespan", ok ? Arrays.stream(finish).max().orElse(0) : null).put("ok", ok).put("theory_ok", theoryOk);
        if (check) {
            s.put("inprocess_makespan", single == null ? null : single.makespan()).put("equal", equal);
        }
        s.put("rejected_frames", rejected);
        if (ok) {
            output().line(resultLegend(job));
        }
        output().record(s, "makespan " + (ok ? s.get("makespan") + (model ? " model units" : " ns") : "n/a (the run failed)")
                + (single != null ? " (in-process " + single.makespan() + ")" : "")
                + "; results match theory: " + (theoryOk == null ? "n/a" : theoryOk ? "yes" : "NO")
                + (check ? "; equal to the in-process run: " + (equal == null ? "n/a" : equal ? "yes" : "NO") : "")
                + "; rejected frames: " + rejected);
        if (!ok || Boolean.FALSE.equals(theoryOk) || Boolean.FALSE.equals(equal)) {
            return failed(!ok ? "a node failed" : "the results differ");
        }
        return 0;
    }

    /**
     * What the {@code result} column holds for {@code job}: each rank's one {@code long}
     * ({@link ClusterJob#program}); for the FFT and balance jobs a digest that two runs agree on
     * exactly when their outputs do.
     */
    static String resultLegend(ClusterJob job) {
        return "result: " + switch (job) {
            case BROADCAST -> "the value each rank received from rank 0 (" + ClusterJob.BROADCAST_VALUE + ")";
            case ALLREDUCE -> "each rank's all-reduced sum of 7r + 3 over the ranks r";
            case SUMMATION -> "the total of the n operands 3j + 1 (j = 0..n-1) at rank 0, -1 at the other ranks";
            case RING -> "the last token each rank saw (each rank adds 1 as the token passes)";
            case FFT -> "a digest of the rank's block of the FFT's output: from 1, digest = 31 x digest + the 64 bits of each"
                    + " double of the block in order (real and imaginary parts), wrapping in 64 bits; equal digests, bit-identical blocks";
            case BALANCE -> "a digest of the ids of the tasks the rank's node executed, in order: from 1, digest = 31 x digest + id,"
                    + " wrapping in 64 bits; equal digests, the same tasks in the same order";
        };
    }

    /** Room an Aeron publication or image takes in the driver's folder: three terms. */
    private static final int TERMS_PER_LOG = 3;
    /** The rest of a media driver's folder: its command-and-control file, counters, loss report. */
    private static final long DRIVER_BASE_BYTES = 9L << 20;

    /**
     * Refuses (exit 2) nodes whose media drivers' files do not fit the temporary folder: over UDP
     * each node's driver maps a publication to and an image from each other node, three terms
     * each (2 nodes at the default 16 MiB terms: 105 MB each); over IPC one driver maps one log
     * per ordered pair of nodes.
     */
    private void refuseWhatTheDiskCannotHold() throws java.io.IOException {
        long log = (long) TERMS_PER_LOG * run.termLength;
        double bytes = media.equals("ipc") ? (double) nodes * (nodes - 1) * log + DRIVER_BASE_BYTES
                : nodes * (2.0 * (nodes - 1) * log + DRIVER_BASE_BYTES);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        long free = java.nio.file.Files.getFileStore(tmp).getUsableSpace();
        if (bytes > free) {
            throw new IllegalArgumentException(String.format("%d nodes' media drivers need about %s in %s (%s a log of three"
                    + " %,d-byte terms per pair of nodes), but it has %s free: use fewer nodes or a smaller --term-length",
                    nodes, Cells.gib((long) Math.min(Long.MAX_VALUE, bytes)), tmp, Cells.gib(log), run.termLength, Cells.gib(free)));
        }
    }

    /** A node's result, or null if it printed none (it died, or was stopped). */
    private static JsonNode lastJson(List<String> lines) throws java.io.IOException {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith("{")) {
                return JsonLines.MAPPER.readTree(lines.get(i));
            }
        }
        return null;
    }

    /**
     * Refuses (exit 2) a P whose largest block clearly does not fit a node's heap, by the heap the
     * node JVMs get from {@code --node-jvm-options} (or the JVM's default), and, with
     * {@code --check}, a P that does not fit this JVM's heap, which then runs every rank.
     */
    private void refuseWhatTheHeapsCannotHold(ClusterJob job, Partition partition) {
        long nodeHeap = JvmHeap.maxHeap(jvmOptions, JvmHeap.physicalMemory());
        String problem = NodeHeap.problem(job, partition, nodeHeap, "a node JVM", "give the nodes more with --node-jvm-options "
                + JvmHeap.xmxFor(NodeHeap.needed(job, partition.count(0))) + ", or use more nodes");
        if (problem == null && check) {
            Partition all = Partition.blocks(partition.P(), 1);
            problem = NodeHeap.problem(job, all, Runtime.getRuntime().maxMemory(), "this JVM (which runs them all for --check)",
                    "give it more with LOGPLAB_JAVA_OPTS=" + JvmHeap.xmxFor(NodeHeap.needed(job, partition.P()))
                    + ", or leave out --check");
        }
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }
}
