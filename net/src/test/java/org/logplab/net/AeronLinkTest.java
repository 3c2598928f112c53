package org.logplab.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.core.measure.LogPEstimator;
import org.logplab.core.measure.PingPong;

/**
 * A link between two sides that each have their own media driver, as two processes would
 * ({@link AeronLink#toPeer}; here two threads on loopback): the measuring side's PRTT and
 * ping-pong, each burst answered exactly once by the echo side, which ends when told; a side with
 * nobody at the other end, or one left without a word, says so.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AeronLinkTest {

    private static PeerAddress[] twoFreePorts() throws IOException {
        try (DatagramSocket a = new DatagramSocket(0, InetAddress.getLoopbackAddress());
             DatagramSocket b = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return new PeerAddress[] {new PeerAddress("127.0.0.1", a.getLocalPort()),
                    new PeerAddress("127.0.0.1", b.getLocalPort())};
        }
    }

    @Test
    void theEchoAnswersEveryBurstOnceAndStopsWhenTold() throws Exception {
        PeerAddress[] p = twoFreePorts();
        Duration wait = Duration.ofSeconds(20);
        CompletableFuture<Long> answered = CompletableFuture.supplyAsync(() -> {
            try (AeronLink echo = AeronLink.toPeer(p[1], p[0], wait)) {
                return echo.echo();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, r -> Thread.ofPlatform().name("echo-side").start(r));
        int reps = 5;
        try (AeronLink link = AeronLink.toPeer(p[0], p[1], wait)) {
            LogPEstimator.Estimate e = AeronPrtt.estimate(link, 8, 4, reps);
            assertThat(e.prtt1()).isPositive();
            PingPong.Result[] r = AeronPingPong.run(link, new int[] {8, 4096}, 5, 20);
            assertThat(r[0].oneWayNanos().getTotalCount()).isEqualTo(20);
            assertThat(r[1].oneWayNanos().getTotalCount()).isEqualTo(20);
            link.stopEcho();
        }
        // PRTT: max(3, 5 / 4) = 3 warm-up pairs of PRTT(1,0) and PRTT(n,0), then 5 of each of the
        // three kinds, 2 * (3 + 5) + 3 * 5 = 31 bursts; ping-pong: 2 sizes of 5 + 20 round trips, 50.
        assertThat(answered.get(30, TimeUnit.SECONDS)).isEqualTo(81);
    }

    @Test
    void aSideWithNobodyAtTheOtherEndOrLeftWithoutAWordSaysSo() throws Exception {
        PeerAddress[] p = twoFreePorts();
        assertThatThrownBy(() -> AeronLink.toPeer(p[0], p[1], Duration.ofMillis(500)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("nothing answered at " + p[1]
                + " within 500 ms");
        assertThatThrownBy(() -> AeronLink.toPeer(p[0], p[0], Duration.ofMillis(500)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("both " + p[0]);
        CompletableFuture<Long> echo = CompletableFuture.supplyAsync(() -> {
            try (AeronLink link = AeronLink.toPeer(p[1], p[0], Duration.ofSeconds(20))) {
                return link.echo();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }, r -> Thread.ofPlatform().name("echo-side").start(r));
        try (AeronLink link = AeronLink.toPeer(p[0], p[1], Duration.ofSeconds(20))) {
            AeronPingPong.run(link, new int[] {8}, 0, 3);
        } // closed without stopEcho
        assertThatThrownBy(() -> echo.get(30, TimeUnit.SECONDS))
        .hasMessageContaining("went away without saying stop, after 3 answers");
    }
}
