package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.output.JsonLines;
import org.logplab.net.PeerAddress;

/**
 * Faults on the wire between two hosts (two network namespaces, {@link TwoHosts}): the link taken
 * down for good mid-run fails both nodes within the peer timeout, each naming the other and its
 * ranks, and nothing is left running; the link taken down and up again within the peer timeout
 * costs nothing but time, every message arriving once (Aeron keeps unsent data in its term
 * buffers and retransmits what was lost). Skipped, with the reason, where namespaces cannot be
 * made.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
@Tag("slow")
class WireFaultsTest {
    private static final String PEER_TIMEOUT = "2s";
    private static TwoHosts hosts;

    @BeforeAll
    static void up() throws Exception {
        hosts = TwoHosts.up("fault");
    }

    @AfterAll
    static void down() {
        if (hosts != null) {
            hosts.close();
        }
    }

    @AfterEach
    void linkUp() throws Exception {
        if (hosts != null) {
            hosts.link(true);
        }
    }

    private static NodeProcesses start(int port, List<String> args, Path tmp, List<String> err) throws Exception {
        List<PeerAddress> peers = List.of(new PeerAddress(TwoHosts.ADDRESS_A, port),
                new PeerAddress(TwoHosts.ADDRESS_B, port + 1));
        return new NodeProcesses(Jvm.NODE, 2, NodeProcesses.udp(peers), args, TwoHostsRunTest.jvmOptions(tmp), err::add)
                .commandPrefix(i -> TwoHosts.in(i == 0 ? hosts.a : hosts.b)).startAll();
    }

    private static void awaitConnected(List<String> err) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (err.stream().filter(l -> l.contains("connected to every peer")).count() < 2) {
            assertThat(System.nanoTime()).as("both nodes connect; stderr %s", err).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    @Test
    void aLinkDownForGoodFailsBothNodesWithinThePeerTimeoutNamingTheOther(@TempDir Path tmp) throws Exception {
        List<String> err = new CopyOnWriteArrayList<>();
        // A ring that would run for hours: 2 ranks per node, 200 us injected per hop.
        List<String> args = List.of("--job", "ring", "--P", "4", "--rounds", "100000000", "--clock", "wall",
                "--L", "200us", "--o", "0", "--g", "0", "--peer-timeout", PEER_TIMEOUT);
        try (NodeProcesses nodes = start(40300, args, tmp, err)) {
            awaitConnected(err);
            // Connected, the ring is under way for hours: cut the link in the middle of it.
            assertThat(nodes.process(0).isAlive() && nodes.process(1).isAlive()).as("both run; stderr %s", err)
                    .isTrue();
            hosts.link(false);
            long cut = System.nanoTime();
            for (int i = 0; i < 2; i++) {
                assertThat(nodes.process(i).waitFor(60, TimeUnit.SECONDS)).as("node %d exits; stderr %s", i, err)
                        .isTrue();
                assertThat(nodes.process(i).exitValue()).as("node %d's exit status", i).isEqualTo(1);
            }
            long tookMillis = (System.nanoTime() - cut) / 1_000_000;
            // The 2 s timeout, detection within a heartbeat, 300 ms of lingering, plus a generous
            // allowance for a loaded machine.
            assertThat(tookMillis).isBetween(1_500L, 30_000L);
            List<List<String>> out = nodes.await(java.time.Duration.ofSeconds(10));
            String[] lost = {"node 1 (ranks 2..3) silent for", "node 0 (ranks 0..1) silent for"};
            for (int i = 0; i < 2; i++) {
                JsonNode o = JsonLines.MAPPER.readTree(out.get(i).get(out.get(i).size() - 1));
                assertThat(o.get("ok").asBoolean()).isFalse();
                assertThat(o.get("error").asText()).as("node %d names the other", i).contains(lost[i]);
                int node = i;
                assertThat(err).anyMatch(l -> l.startsWith("[node " + node + "] logplab: node " + node
                        + ": the run failed")
                        && l.contains(lost[node]));
            }
        }
        assertThat(hosts.pids(hosts.a)).as("processes left on host A").isEmpty();
        assertThat(hosts.pids(hosts.b)).as("processes left on host B").isEmpty();
        assertThat(TwoHostsRunTest.left(tmp)).as("media driver folders left").isEmpty();
    }

    @Test
    void aLinkDownAndUpWithinThePeerTimeoutLosesNoMessage(@TempDir Path tmp) throws Exception {
        List<String> err = new CopyOnWriteArrayList<>();
        // One rank per node, so every hop crosses the link; each hop takes at least L = 1 ms, so
        // the 2 * 1000 hops take at least 2 s: the outage, from 0.7 s to 1 s after connecting,
        // falls inside the run.
        int rounds = 1000;
        List<String> args = List.of("--job", "ring", "--P", "2", "--rounds", Integer.toString(rounds), "--clock",
                "wall",
                "--L", "1ms", "--o", "0", "--g", "0", "--peer-timeout", PEER_TIMEOUT);
        List<List<String>> out;
        try (NodeProcesses nodes = start(40310, args, tmp, err)) {
            awaitConnected(err);
            Thread.sleep(700);
            hosts.link(false);
            Thread.sleep(300);
            hosts.link(true);
            assertThat(nodes.process(0).isAlive() && nodes.process(1).isAlive())
                    .as("the run spans the outage; stderr %s", err)
                    .isTrue();
            out = nodes.await(java.time.Duration.ofSeconds(60));
            for (int i = 0; i < 2; i++) {
                assertThat(nodes.process(i).exitValue()).as("node %d's exit status; stderr %s", i, err).isZero();
            }
        }
        JsonNode n0 = JsonLines.MAPPER.readTree(out.get(0).get(out.get(0).size() - 1));
        JsonNode n1 = JsonLines.MAPPER.readTree(out.get(1).get(out.get(1).size() - 1));
        // Theory: rank 0 ends with the token after 2 increments per round, 2 * 1000 = 2000; rank 1
        // last saw 2 * 999 + 1 = 1999. Each rank sent one message per round: 2000 in all, each
        // received exactly once.
        assertThat(n0.get("results").get(0).asLong()).isEqualTo(2L * rounds);
        assertThat(n1.get("results").get(0).asLong()).isEqualTo(2L * (rounds - 1) + 1);
        for (JsonNode n : List.of(n0, n1)) {
            assertThat(n.get("ok").asBoolean()).isTrue();
            assertThat(n.get("sent").asLong()).isEqualTo(2L * rounds);
            assertThat(n.get("received").asLong()).isEqualTo(2L * rounds);
            assertThat(n.get("rejected_unknown_peer").asLong() + n.get("rejected_malformed").asLong()
                    + n.get("rejected_misaddressed").asLong()).isZero();
            // Every hop waited at least L: 2000 hops of 1 ms.
            assertThat(n.get("makespan").asLong()).isGreaterThanOrEqualTo(2L * rounds * 1_000_000);
        }
        assertThat(hosts.pids(hosts.a)).isEmpty();
        assertThat(hosts.pids(hosts.b)).isEmpty();
        assertThat(TwoHostsRunTest.left(tmp)).as("media driver folders left").isEmpty();
    }
}
