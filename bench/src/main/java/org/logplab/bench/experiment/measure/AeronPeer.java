package org.logplab.bench.experiment.measure;

import java.io.IOException;
import java.time.Duration;
import org.logplab.net.AeronLink;
import org.logplab.net.PeerAddress;

/**
 * The two ends of a measurement between two processes over Aeron UDP: this process's address and
 * the other's, each as given and parsed, and how long to wait for the other side. One process
 * measures ({@link TransportPrtt}); the other answers it ({@link #echo()}).
 *
 * @param listen this process's {@code host:port} as given, where the other side sends
 * @param peer the other process's {@code host:port} as given
 * @param here {@code listen} parsed
 * @param there {@code peer} parsed
 * @param connectTimeout how long to wait for the other side
 */
public record AeronPeer(String listen, String peer, PeerAddress here, PeerAddress there, Duration connectTimeout) {

    /** The link to the other process, once it answers (at most {@link #connectTimeout} from now). */
    AeronLink connect() throws IOException {
        return AeronLink.toPeer(here, there, connectTimeout);
    }

    /**
     * Answers the measuring process until it says stop.
     *
     * @return the frames answered
     * @throws PeerLinkException when the other side did not connect in time or the link failed
     */
    public long echo() throws IOException, PeerLinkException {
        try (AeronLink link = connect()) {
            return link.echo();
        } catch (IllegalStateException e) {
            throw new PeerLinkException(e);
        }
    }
}
