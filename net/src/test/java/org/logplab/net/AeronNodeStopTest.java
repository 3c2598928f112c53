package org.logplab.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import org.logplab.core.cluster.Partition;
import org.logplab.core.wire.WireCodec;

/** A node told to stop while it still waits for its peers gives up at once, with the reason, and leaves no files. */
class AeronNodeStopTest {

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void aStopWhileWaitingForPeersFailsTheRunWithItsReason(@TempDir Path work) throws Exception {
        int port;
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        // Node 1 never comes: without the stop, node 0 would wait the whole minute of its connect timeout.
        AeronTransport.Route route = new AeronTransport.Route.Udp(List.of(new PeerAddress("127.0.0.1", port),
                new PeerAddress("127.0.0.1", port + 1 == 65536 ? port - 1 : port + 1)));
        CompletableFuture<String> stop = new CompletableFuture<>();
        CompletableFuture.delayedExecutor(500, TimeUnit.MILLISECONDS).execute(() -> stop.complete("told to stop"));
        long start = System.nanoTime();
        AeronNode.Outcome o = AeronNode.run(new AeronNode.Options(route, 0, "stop-test", Duration.ofSeconds(2),
                        Duration.ofSeconds(60), AeronTransport.DEFAULT_TERM_LENGTH, null, work),
                Partition.blocks(2, 2), RunConfig.builder(LogP.of(6, 2, 4, 2)).build(), new WireCodec(), p -> { },
                line -> { }, stop);
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        assertThat(o.result()).isNull();
        assertThat(o.failure().getMessage()).contains("told to stop");
        // Half a second, then the failure's linger; far from the minute of the connect timeout.
        assertThat(tookMillis).isLessThan(30_000);
        assertThat(work).as("the driver's directory is removed").isEmptyDirectory();
    }
}
