package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.bench.cli.LogPlabCli;
import org.logplab.bench.output.JsonLines;
import org.logplab.net.PeerAddress;

/**
 * Runs split over 2-3 JVM processes on 127.0.0.1, talking over Aeron UDP: the results and model
 * times equal the in-process run's; a killed node fails the others, naming its ranks; frames from
 * strangers are rejected and change nothing.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@Tag("slow")
class MultiProcessRunTest {

    /** The folders a launch says it put its nodes' files in: the nodes' folder, a shared media driver's. */
    private static final Pattern FOLDER = Pattern.compile("(/\\S*logplab-(?:launch|driver)-\\d+)");

    private static List<JsonNode> launch(String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("launch", "--check", "--json"));
        all.addAll(List.of(args));
        int code = LogPlabCli.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                all.toArray(String[]::new));
        assertThat(code).as("exit code; stderr:\n%s", err).isZero();
        // A clean shutdown removes every media driver's files, and the folders they were in.
        List<String> folders = FOLDER.matcher(err.toString()).results().map(m -> m.group(1)).toList();
        assertThat(folders).as("folders named on stderr:\n%s", err).isNotEmpty();
        for (String f : folders) {
            assertThat(Path.of(f)).doesNotExist();
        }
        List<JsonNode> lines = new ArrayList<>();
        for (String l : out.toString().lines().filter(l -> l.startsWith("{")).toList()) {
            lines.add(JsonLines.MAPPER.readTree(l));
        }
        return lines;
    }

    private static JsonNode summary(List<JsonNode> lines) {
        JsonNode s = lines.get(lines.size() - 1);
        assertThat(s.get("summary").asBoolean()).isTrue();
        return s;
    }

    @Test
    void collectivesTheFftAndABalancerOverProcessesEqualTheInProcessRun() throws Exception {
        // broadcast on 3 nodes (blocks 3, 2, 2), all-reduce on 2, summation on 3 over IPC, FFT on 2.
        List<JsonNode> b = launch("--nodes", "3", "--job", "broadcast", "--P", "7", "--L", "5", "--o", "2", "--g", "3");
        List<JsonNode> a = launch("--nodes", "2", "--job", "allreduce", "--P", "8");
        List<JsonNode> s = launch("--nodes", "3", "--media", "ipc", "--job", "summation", "--P", "6", "--n", "500",
                "--L", "5", "--o", "2", "--g", "4");
        List<JsonNode> f = launch("--nodes", "2", "--job", "fft", "--P", "4", "--n", "4096");
        List<JsonNode> lb = launch("--nodes", "2", "--job", "balance", "--policy", "bidirectional", "--P", "5",
                "--load", "10");
        // Wall clock: the results equal (times are real, so they differ); 20 us injected per hop;
        // --latency is passed on to every node, which must accept it.
        List<JsonNode> w = launch("--nodes", "2", "--job", "allreduce", "--P", "4", "--clock", "wall", "--L", "20us",
                "--o", "1us",
                "--g", "2us", "--latency", "sampled");
        assertThat(summary(w).get("equal").asBoolean()).isTrue();
        assertThat(summary(w).get("theory_ok").asBoolean()).isTrue();
        // Two rounds of at least L + 2o each, whatever the transport adds.
        assertThat(summary(w).get("makespan").asLong()).isGreaterThanOrEqualTo(2 * (20_000 + 2 * 1_000));
        for (List<JsonNode> run : List.of(b, a, s, f, lb)) {
            JsonNode sum = summary(run);
            assertThat(sum.get("ok").asBoolean()).isTrue();
            assertThat(sum.get("equal").asBoolean()).as("%s equal to the in-process run", sum.get("job")).isTrue();
            assertThat(sum.get("makespan").asLong()).isEqualTo(sum.get("inprocess_makespan").asLong());
            assertThat(sum.get("rejected_frames").asLong()).isZero();
            for (JsonNode rank : run.subList(0, run.size() - 1)) {
                assertThat(rank.get("finish").asLong()).isEqualTo(rank.get("inprocess_finish").asLong());
                assertThat(rank.get("result").asLong()).isEqualTo(rank.get("inprocess_result").asLong());
            }
        }
        // Theory, by hand: every rank gets 4242; the all-reduce sum of 7r + 3 over r < 8 is
        // 7 * 28 + 24 = 220; the summation of 3j + 1 over j < 500 is 3 * 124750 + 500 = 374750.
        for (JsonNode rank : b.subList(0, 7)) {
            assertThat(rank.get("result").asLong()).isEqualTo(4242);
        }
        for (JsonNode rank : a.subList(0, 8)) {
            assertThat(rank.get("result").asLong()).isEqualTo(220);
        }
        assertThat(s.get(0).get("result").asLong()).isEqualTo(374_750);
        assertThat(summary(b).get("nodes").asInt()).isEqualTo(3);
        assertThat(summary(f).get("theory_ok").isNull()).isTrue();
    }

    @Test
    void messagesLongerThanTheTransportCarriesCrossInChunks() throws Exception {
        // A 1 MiB term carries messages of at most 128 KiB; the FFT's blocks of 2^15 complex points
        // are 512 KiB, so every exchange goes in chunks, over UDP and over IPC.
        for (String media : List.of("udp", "ipc")) {
            List<JsonNode> f = launch("--nodes", "2", "--media", media, "--job", "fft", "--P", "2", "--n", "65536",
                    "--term-length", "1M");
            JsonNode sum = summary(f);
            assertThat(sum.get("ok").asBoolean()).as(media).isTrue();
            assertThat(sum.get("equal").asBoolean()).as(media).isTrue();
            assertThat(sum.get("makespan").asLong()).as(media).isEqualTo(sum.get("inprocess_makespan").asLong());
            assertThat(sum.get("rejected_frames").asLong()).as(media).isZero();
        }
    }

    @Test
    void aKilledNodeFailsTheOthersWithinTheTimeoutNamingItsRanks() throws Exception {
        List<PeerAddress> peers = NodeProcesses.loopbackPeers(3);
        List<String> err = new java.util.concurrent.CopyOnWriteArrayList<>();
        // A ring that would run for hours: 2 ranks per node, 200 us injected latency per hop.
        List<String> args = List.of("--job", "ring", "--P", "6", "--rounds", "100000000", "--clock", "wall",
                "--L", "200us", "--o", "0", "--g", "0", "--peer-timeout", "2s");
        Path work = null;
        try (NodeProcesses nodes = new NodeProcesses(Jvm.NODE, peers.size(), NodeProcesses.udp(peers), args,
                List.of("-Xmx256m"), err::add).startAll()) {
            work = nodes.workDir();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (err.stream().filter(l -> l.contains("connected to every peer")).count() < 3) {
                assertThat(System.nanoTime()).as("nodes connect; stderr: %s", err).isLessThan(deadline);
                Thread.sleep(50);
            }
            // Connected, the ring is under way for hours: kill node 1 in the middle of it.
            assertThat(nodes.process(1).isAlive()).as("node 1 runs; stderr: %s", err).isTrue();
            nodes.process(1).destroyForcibly();
            long killed = System.nanoTime();
            for (int i : new int[] {0, 2}) {
                assertThat(nodes.process(i).waitFor(60, TimeUnit.SECONDS)).as("node %d exits; stderr %s", i, err)
                        .isTrue();
                assertThat(nodes.process(i).exitValue()).isEqualTo(1);
            }
            long tookMillis = (System.nanoTime() - killed) / 1_000_000;
            // The 2 s timeout, detection within a heartbeat, plus a generous allowance for a loaded machine.
            assertThat(tookMillis).isBetween(1_000L, 30_000L);
            String failures = String.join("\n", err);
            assertThat(failures).contains("[node 0] logplab: node 0: the run failed")
                    .contains("[node 2] logplab: node 2: the run failed");
            assertThat(err.stream().filter(l -> l.contains("the run failed") && l.contains("node 1 (ranks 2..3)"))
                    .count())
                    .as("both survivors name node 1's ranks: %s", failures).isEqualTo(2);
        }
        // The killed node could not remove its media driver's directory; closing the nodes removed
        // the folder it was in.
        assertThat(work).isNotNull().doesNotExist();
    }

    @Test
    void framesFromAStrangerAreRejectedCountedAndChangeNothing() throws Exception {
        List<PeerAddress> peers = NodeProcesses.loopbackPeers(2);
        List<String> err = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<String> args = List.of("--job", "allreduce", "--P", "4", "--run-id", "stranger-test");
        Path dir = Files.createTempDirectory("logplab-stranger-");
        try (NodeProcesses nodes = new NodeProcesses(Jvm.NODE, peers.size(), NodeProcesses.udp(peers), args,
                List.of("-Xmx256m"), err::add)) {
            nodes.start(0);
            try (MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                         .aeronDirectoryName(dir.resolve("driver").toString()).dirDeleteOnShutdown(true)
                         .threadingMode(ThreadingMode.SHARED));
                 Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
                 Publication stranger = aeron.addPublication("aeron:udp?endpoint=" + peers.get(0), 4711)) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
                while (!stranger.isConnected()) {
                    assertThat(System.nanoTime()).as("node 0 listens; stderr %s", err).isLessThan(deadline);
                    Thread.sleep(20);
                }
                // Garbage of three lengths, then a hello ("LPHI", token, node) with a wrong token.
                offer(stranger, new byte[] {1, 2, 3});
                offer(stranger, new byte[40]);
                offer(stranger, "definitely not a frame of this protocol".getBytes());
                UnsafeBuffer hello = new UnsafeBuffer(new byte[16]);
                hello.putInt(0, 0x4C504849);
                hello.putLong(4, 0x1234_5678_9ABC_DEF0L);
                hello.putInt(12, 1);
                offer(stranger, hello.byteArray());
                // Not a wait for a condition: nothing shows when node 0 has read the frames (it counts
                // them in its result), and node 1 takes longer than this to start; it keeps the frames
                // ahead of the run on a loaded machine too.
                Thread.sleep(500);
                nodes.start(1);
                List<List<String>> out = nodes.await(Duration.ofSeconds(120));
                JsonNode n0 = JsonLines.MAPPER.readTree(out.get(0).get(out.get(0).size() - 1));
                JsonNode n1 = JsonLines.MAPPER.readTree(out.get(1).get(out.get(1).size() - 1));
                assertThat(n0.get("ok").asBoolean()).as("stderr %s", err).isTrue();
                assertThat(n1.get("ok").asBoolean()).isTrue();
                assertThat(n0.get("rejected_unknown_peer").asLong()).isEqualTo(4);
                assertThat(n1.get("rejected_unknown_peer").asLong()).isZero();
                assertThat(n0.get("rejected_malformed").asLong() + n0.get("rejected_misaddressed").asLong()).isZero();
                // Sum of 7r + 3 over r < 4 = 7 * 6 + 12 = 54 on every rank; P = 4, L = 6, o = 2, g = 4,
                // combine 1: the butterfly's 2 rounds of (o + L + o + 1) = 11, so 22.
                for (JsonNode n : List.of(n0, n1)) {
                    for (JsonNode r : n.get("results")) {
                        assertThat(r.asLong()).isEqualTo(54);
                    }
                    assertThat(n.get("makespan").asLong()).isEqualTo(22);
                }
                assertThat(err).anyMatch(l -> l.contains("last rejected frame") && l.contains("another run's token"));
            }
        } finally {
            try (var paths = Files.walk(dir)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void offer(Publication p, byte[] bytes) throws InterruptedException {
        UnsafeBuffer b = new UnsafeBuffer(bytes);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (p.offer(b, 0, bytes.length) < 0) {
            assertThat(System.nanoTime()).as("offer").isLessThan(deadline);
            Thread.sleep(1);
        }
    }
}
