package org.logplab.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.core.measure.PingPong;

class AeronPingPongTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void messagesMakeTheRoundTripOverIpcAndUdpAndTheDriverCleansUp() throws Exception {
        java.util.Set<Path> before = tempDirs();
        for (AeronPingPong.Medium medium : AeronPingPong.Medium.values()) {
            PingPong.Result[] results = AeronPingPong.run(medium, new int[] {8, 4096, 100_000}, 50, 200);
            assertThat(results).hasSize(3);
            for (PingPong.Result r : results) {
                assertThat(r.oneWayNanos().getTotalCount()).as(medium + " " + r.bytes()).isEqualTo(200);
                assertThat(r.medianOneWayNanos()).as(medium + " " + r.bytes()).isPositive();
            }
            // 100 kB is fragmented and reassembled; it cannot be faster than 8 B at the median.
            assertThat(results[2].medianOneWayNanos()).isGreaterThanOrEqualTo(results[0].minOneWayNanos());
        }
        // Other builds on the host may make and remove their own meanwhile: none may be new once
        // theirs have had time to end (ours were removed before run returned).
        java.util.Set<Path> left = tempDirs();
        left.removeAll(before);
        for (long deadline = System.nanoTime() + 30_000_000_000L; !left.isEmpty() && System.nanoTime() < deadline; ) {
            Thread.sleep(500);
            left.removeIf(p -> !Files.exists(p));
        }
        assertThat(left).as("the media driver's directories are removed").isEmpty();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void eachSizeIsAnnouncedOnceInOrderBeforeItsRoundTrips() throws Exception {
        int[] sizes = {8, 4096, 100};
        for (boolean cluster : new boolean[] {false, true}) {
            java.util.List<Integer> announced = new java.util.concurrent.CopyOnWriteArrayList<>();
            java.util.function.IntConsumer starting = announced::add;
            PingPong.Result[] results = cluster ? ClusterPingPong.run(AeronPingPong.Medium.IPC, sizes, 1, 3, starting)
                    : AeronPingPong.run(AeronPingPong.Medium.IPC, sizes, 1, 3, starting);
            assertThat(announced).as(cluster ? "cluster path" : "transport's own path").containsExactly(0, 1, 2);
            assertThat(results).extracting(PingPong.Result::bytes).containsExactly(8, 4096, 100);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void messagesLongerThanAeronsLongestCrossBothWays() throws Exception {
        // Over UDP Aeron's longest message is 2 MiB (a 16 MiB term's eighth): 5 MiB goes as three
        // longest messages on the transport's own path and as five 1 MiB chunks between cluster nodes,
        // where rank 0 checks every byte that comes back.
        int[] sizes = {8, 5 << 20};
        PingPong.Result[] own = AeronPingPong.run(AeronPingPong.Medium.UDP, sizes, 2, 5);
        PingPong.Result[] cluster = ClusterPingPong.run(AeronPingPong.Medium.UDP, sizes, 2, 5);
        for (PingPong.Result[] results : new PingPong.Result[][] {own, cluster}) {
            assertThat(results).extracting(PingPong.Result::bytes).containsExactly(8, 5 << 20);
            for (PingPong.Result r : results) {
                assertThat(r.oneWayNanos().getTotalCount()).isEqualTo(5);
                assertThat(r.minOneWayNanos()).isPositive();
            }
        }
    }

    @Test
    void badInputGetsAClearError() {
        assertThatThrownBy(() -> AeronPingPong.run(AeronPingPong.Medium.IPC, new int[] {-1}, 0, 1))
                .hasMessageContaining("got -1");
        assertThatThrownBy(() -> ClusterPingPong.run(AeronPingPong.Medium.IPC, new int[] {-1}, 0, 1))
                .hasMessageContaining("got -1");
        assertThatThrownBy(() -> AeronPingPong.run(AeronPingPong.Medium.IPC, new int[] {8}, 0, 0))
                .hasMessageContaining("at least 1 repetition");
        assertThatThrownBy(() -> AeronPingPong.Medium.parse("tcp")).hasMessageContaining("unknown transport 'tcp'");
    }

    private static java.util.Set<Path> tempDirs() throws Exception {
        try (var s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("logplab-aeron-"))
                    .collect(java.util.stream.Collectors.toCollection(java.util.HashSet::new));
        }
    }
}
