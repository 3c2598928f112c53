package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.cli.LogPlabCli;
import org.logplab.bench.output.JsonLines;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.net.PeerAddress;

/**
 * Two hosts on one machine: {@code logplab node} in each of two network namespaces joined by a
 * veth pair, over Aeron UDP between their own addresses. Collectives, the FFT and a balancer give
 * the in-process run's results and model times; {@code measure --peer} measures across the link
 * while {@code measure --echo} answers on the other side, every burst answered once. Skipped, with
 * the reason, where namespaces cannot be made (not root, no {@code ip}).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
@Tag("slow")
class TwoHostsRunTest {
    private static final AtomicInteger PORTS = new AtomicInteger(40100);
    private static TwoHosts hosts;

    @BeforeAll
    static void up() throws Exception {
        hosts = TwoHosts.up("run");
    }

    @AfterAll
    static void down() {
        if (hosts != null) {
            hosts.close();
        }
    }

    /** A fresh pair of ports, one on each host. */
    private static List<PeerAddress> peers() {
        int port = PORTS.getAndAdd(2);
        return List.of(new PeerAddress(TwoHosts.ADDRESS_A, port), new PeerAddress(TwoHosts.ADDRESS_B, port + 1));
    }

    /**
     * JVM options of the processes: their temporary folders in {@code tmp}, where the test looks
     * for leftovers; C1 only, for these runs last a second or two and C2's compiler threads
     * would take the two cores from them (a pair of nodes took 11 s instead of 6 s on a busy
     * 2-core machine).
     */
    static List<String> jvmOptions(Path tmp) {
        return List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=" + tmp);
    }

    /** What is left in {@code tmp}. */
    static List<Path> left(Path tmp) throws java.io.IOException {
        try (var list = Files.list(tmp)) {
            return list.toList();
        }
    }

    /**
     * Node 0 on host A, node 1 on host B, both with {@code args}; their JSON objects, after
     * checking that both succeeded and left no process or folder behind.
     */
    private static List<JsonNode> runOnBothHosts(List<String> args, Path tmp) throws Exception {
        List<String> err = new CopyOnWriteArrayList<>();
        List<List<String>> out;
        try (NodeProcesses nodes = new NodeProcesses(Jvm.NODE, 2, NodeProcesses.udp(peers()), args, jvmOptions(tmp),
                err::add)
                .commandPrefix(i -> TwoHosts.in(i == 0 ? hosts.a : hosts.b)).startAll()) {
            out = nodes.await(Duration.ofSeconds(60));
            for (int i = 0; i < 2; i++) {
                assertThat(nodes.process(i).exitValue()).as("node %d's exit status; stderr %s", i, err).isZero();
            }
        }
        List<JsonNode> json = new ArrayList<>();
        for (List<String> lines : out) {
            JsonNode o = JsonLines.MAPPER.readTree(lines.get(lines.size() - 1));
            assertThat(o.get("ok").asBoolean()).as("stderr %s", err).isTrue();
            assertThat(o.get("rejected_unknown_peer").asLong() + o.get("rejected_malformed").asLong()
                    + o.get("rejected_misaddressed").asLong()).isZero();
            json.add(o);
        }
        assertThat(hosts.pids(hosts.a)).as("processes left in %s", hosts.a).isEmpty();
        assertThat(hosts.pids(hosts.b)).as("processes left in %s", hosts.b).isEmpty();
        assertThat(left(tmp)).as("media driver folders left").isEmpty();
        return json;
    }

    /**
     * Runs {@code job} on both hosts under the model clock and in this process, and checks that
     * every rank's result and finish time, the makespan and the message totals agree; returns the
     * two hosts' results, node 0's ranks first.
     */
    private static long[] sameAsInProcess(Path tmp, String job, int P, long L, long o, long g, ClusterJob.Sizes sizes)
            throws Exception {
        List<JsonNode> nodes = runOnBothHosts(List.of("--job", job, "--P", Integer.toString(P), "--L", Long.toString(L),
                "--o", Long.toString(o), "--g", Long.toString(g), "--n", Long.toString(sizes.n()),
                "--rounds", Integer.toString(sizes.rounds()), "--policy", sizes.policy(), "--load",
                Integer.toString(sizes.load())), tmp);
        LogP params = LogP.of(L, o, g, P);
        AtomicLongArray inProcess = new AtomicLongArray(P);
        RunResult single = Machine.run(RunConfig.builder(params).clock(ClockKind.MODEL).build(),
                ClusterJob.parse(job).program(params, ClockKind.MODEL, sizes, inProcess));
        long[] results = new long[P];
        int rank = 0;
        for (JsonNode n : nodes) {
            assertThat(n.get("first_rank").asInt()).isEqualTo(rank);
            for (JsonNode r : n.get("results")) {
                results[rank++] = r.asLong();
            }
            long[] finish = new long[P];
            for (int i = 0; i < P; i++) {
                finish[i] = n.get("finish_times").get(i).asLong();
            }
            assertThat(finish).as("%s: node %s's finish times", job, n.get("node")).isEqualTo(single.finishTimes());
            assertThat(n.get("makespan").asLong()).isEqualTo(single.makespan());
            // Every message sent was received, once: the totals over all ranks agree, and with the in-process run's.
            assertThat(n.get("sent").asLong()).isEqualTo(n.get("received").asLong()).isEqualTo(single.messagesSent());
        }
        assertThat(rank).isEqualTo(P);
        for (int r = 0; r < P; r++) {
            assertThat(results[r]).as("%s: rank %d's result", job, r).isEqualTo(inProcess.get(r));
        }
        return results;
    }

    @Test
    void collectivesBetweenTwoHostsEqualTheInProcessRunAndTheory(@TempDir Path tmp) throws Exception {
        ClusterJob.Sizes sizes = new ClusterJob.Sizes(1024, 100, "bidirectional", 20);
        // Broadcast on blocks of 4 and 3 ranks: every rank gets the root's 4242.
        assertThat(sameAsInProcess(tmp, "broadcast", 7, 5, 2, 3, sizes)).containsOnly(4242);
        // All-reduce of 7r + 3 over r < 8: 7 * 28 + 3 * 8 = 220 on every rank.
        assertThat(sameAsInProcess(tmp, "allreduce", 8, 6, 2, 4, sizes)).containsOnly(220);
    }

    @Test
    void theFftAndABalancerBetweenTwoHostsEqualTheInProcessRun(@TempDir Path tmp) throws Exception {
        // No closed form for these: the in-process run is the oracle (FFT digests: bit-identical output).
        sameAsInProcess(tmp, "fft", 4, 6, 2, 4, new ClusterJob.Sizes(4096, 100, "bidirectional", 20));
        sameAsInProcess(tmp, "balance", 5, 6, 2, 4, new ClusterJob.Sizes(1024, 100, "bidirectional", 10));
    }

    @Test
    void measureAcrossTheLinkAnswersEveryBurstOnce(@TempDir Path dir, @TempDir Path tmp) throws Exception {
        List<PeerAddress> p = peers();
        int reps = 5;
        int pingPongReps = 20;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> jvm = new ArrayList<>(List.of(java, "-XX:+UseSerialGC"));
        jvm.addAll(org.logplab.bench.JvmFlags.REQUIRED);
        jvm.addAll(jvmOptions(tmp));
        jvm.addAll(List.of("-cp", System.getProperty("java.class.path"), LogPlabCli.class.getName(),
                "measure", "--transport", "aeron-udp", "--json", "--connect-timeout", "60s"));
        List<String> echo = new ArrayList<>(TwoHosts.in(hosts.b));
        echo.addAll(jvm);
        echo.addAll(List.of("--echo", "--listen", p.get(1).toString(), "--peer", p.get(0).toString()));
        List<String> measure = new ArrayList<>(TwoHosts.in(hosts.a));
        measure.addAll(jvm);
        measure.addAll(List.of("--listen", p.get(0).toString(), "--peer", p.get(1).toString(), "--reps",
                Integer.toString(reps),
                "--pingpong-reps", Integer.toString(pingPongReps)));
        Process echoing = new ProcessBuilder(echo).redirectOutput(dir.resolve("echo.out").toFile())
                .redirectError(dir.resolve("echo.err").toFile()).start();
        Process measuring = new ProcessBuilder(measure).redirectOutput(dir.resolve("measure.out").toFile())
                .redirectError(dir.resolve("measure.err").toFile()).start();
        try {
            assertThat(measuring.waitFor(90, TimeUnit.SECONDS)).as("measure ends").isTrue();
            assertThat(echoing.waitFor(30, TimeUnit.SECONDS)).as("the echo ends when told").isTrue();
            assertThat(measuring.exitValue()).as(Files.readString(dir.resolve("measure.err"))).isZero();
            assertThat(echoing.exitValue()).as(Files.readString(dir.resolve("echo.err"))).isZero();
        } finally {
            measuring.destroyForcibly();
            echoing.destroyForcibly();
        }
        List<String> rows = Files.readAllLines(dir.resolve("measure.out"));
        assertThat(rows).hasSize(2);
        JsonNode link = JsonLines.MAPPER.readTree(rows.get(1));
        assertThat(link.get("transport").asText()).isEqualTo("aeron-udp");
        assertThat(link.get("peer").asText()).isEqualTo(p.get(1).toString());
        assertThat(link.get("prtt1_ns").asDouble()).as("a round trip takes time").isPositive();
        assertThat(link.get("o_ns").asDouble()).isPositive();
        assertThat(link.get("t0_ns").asDouble()).isPositive();
        assertThat(link.get("r_inf_bytes_per_ns").asDouble()).isPositive();
        JsonNode answered = JsonLines.MAPPER.readTree(Files.readAllLines(dir.resolve("echo.out")).get(0));
        // PRTT: max(3, 5 / 4) = 3 warm-up pairs of PRTT(1,0) and PRTT(n,0), then 5 of each of
        // the three kinds: 2 * (3 + 5) + 3 * 5 = 31 bursts; ping-pong: 4 sizes of 20 / 5 = 4
        // warm-up and 20 recorded round trips, 96. Each answered exactly once: 127.
        assertThat(answered.get("answered").asLong()).isEqualTo(2 * (3 + reps) + 3 * reps + 4 * (pingPongReps / 5
                + pingPongReps));
        assertThat(answered.get("peer").asText()).isEqualTo(p.get(0).toString());
        assertThat(hosts.pids(hosts.a)).isEmpty();
        assertThat(hosts.pids(hosts.b)).isEmpty();
        assertThat(left(tmp)).as("media driver folders left").isEmpty();
    }
}
