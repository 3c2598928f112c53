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
        long before = tempDirs();
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
        assertThat(tempDirs()).as("the media driver's directories are removed").isEqualTo(before);
    }

    @Test
    void badInputGetsAClearError() {
        assertThatThrownBy(() -> AeronPingPong.run(AeronPingPong.Medium.IPC, new int[] {2 << 20}, 0, 1)).hasMessageContaining("0..1 MiB");
        assertThatThrownBy(() -> AeronPingPong.run(AeronPingPong.Medium.IPC, new int[] {8}, 0, 0)).hasMessageContaining("at least 1 repetition");
        assertThatThrownBy(() -> AeronPingPong.Medium.parse("tcp")).hasMessageContaining("unknown transport 'tcp'");
    }

    private static long tempDirs() throws Exception {
        try (var s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("logplab-aeron-")).count();
        }
    }
}
