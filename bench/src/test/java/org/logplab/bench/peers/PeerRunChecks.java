package org.logplab.bench.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.function.Consumer;
import org.logplab.bench.peers.MpiPeer.Measurement;

/** What a tiny real run of an MPI peer (Open MPI's or MPJ Express's) must have measured. */
final class PeerRunChecks {
    private PeerRunChecks() {
    }

    /**
     * One round of 50 iterations of every test ({@code --rounds 1 --iterations 50 --exchange-log2
     * 4,10}): the four one-value tests at 8 bytes, the exchanges at 2^4 and 2^10 points of 16 bytes
     * (256 and 16,384 bytes), one figure a test, a rate for the stream only.
     */
    static void oneRoundOfEveryTest(List<Measurement> m, Consumer<String> version) {
        assertThat(m).extracting(Measurement::test)
                .containsExactly("pingpong", "stream", "bcast", "allreduce", "exchange", "exchange");
        assertThat(m).extracting(Measurement::sizeBytes).containsExactly(8L, 8L, 8L, 8L, 256L, 16_384L);
        for (Measurement x : m) {
            assertThat(x.rounds()).isEqualTo(1);
            assertThat(x.iterations()).isEqualTo(50);
            version.accept(x.mpiVersion());
            assertThat(x.medianNs()).isPositive().isEqualTo(x.minNs()).isEqualTo(x.maxNs());
            if (x.test().equals("stream")) {
                assertThat(x.messagesPerS()).isCloseTo(1e9 / x.medianNs(), within(1.0));
            } else {
                assertThat(x.messagesPerS()).isNull();
            }
        }
    }
}
