package org.logplab.net;

import io.aeron.FragmentAssembler;
import io.aeron.logbuffer.FragmentHandler;
import java.io.IOException;
import org.agrona.concurrent.UnsafeBuffer;
import org.logplab.core.Message;
import org.logplab.core.measure.LogPEstimator;
import org.logplab.core.measure.Stats;
import org.logplab.core.wire.WireCodec;

/**
 * The LogP parameters of an Aeron transport by the same parameterised round-trip method as the
 * in-process {@link LogPEstimator}: PRTT(1,0), PRTT(n,0) and PRTT(n,d) measured between two threads
 * over an {@link AeronLink}, then {@link LogPEstimator#fromSamples}. A burst's frames carry a
 * count-down in their tag; the echo side answers the frame whose tag is 1. Delays {@code d} are busy
 * time on the sending thread, ns.
 */
public final class AeronPrtt {
    private AeronPrtt() {
    }

    /**
     * Estimates L, o and g of {@code medium} with {@code bytes}-byte payloads, {@code n} messages per
     * burst and {@code reps} repetitions of each PRTT kind, ns.
     */
    public static LogPEstimator.Estimate estimate(AeronPingPong.Medium medium, int bytes, int n, int reps)
            throws IOException, InterruptedException {
        if (n < 2 || reps < 1 || bytes < 0 || bytes > (1 << 20)) {
            throw new IllegalArgumentException("need n >= 2, reps >= 1, 0 <= bytes <= 1 MiB; got " + n + ", " + reps + ", " + bytes);
        }
        try (AeronLink link = new AeronLink(medium)) {
            WireCodec codec = new WireCodec();
            Thread echo = Thread.ofPlatform().name("aeron-prtt-echo").start(() -> echo(link, codec, bytes));
            try {
                Side side = new Side(link, codec, bytes);
                int warmup = Math.max(3, reps / 4);
                long[] p1 = new long[reps];
                long[] pn = new long[reps];
                for (int i = 0; i < warmup + reps; i++) {
                    long a = side.prtt(1, 0);
                    long b = side.prtt(n, 0);
                    if (i >= warmup) {
                        p1[i - warmup] = a;
                        pn[i - warmup] = b;
                    }
                }
                double first = Stats.median(p1);
                long d = (long) Math.ceil(Math.max(first, 2 * (Stats.median(pn) - first) / (n - 1)));
                long[] prtt1 = new long[reps];
                long[] prttN = new long[reps];
                long[] prttND = new long[reps];
                long[] spent = new long[reps];
                for (int i = 0; i < reps; i++) {
                    prtt1[i] = side.prtt(1, 0);
                    prttN[i] = side.prtt(n, 0);
                    side.spent = 0;
                    prttND[i] = side.prtt(n, d);
                    spent[i] = side.spent;
                }
                return LogPEstimator.fromSamples(prtt1, prttN, prttND, spent, n, d, bytes);
            } finally {
                UnsafeBuffer stop = new UnsafeBuffer(new byte[WireCodec.HEADER_BYTES]);
                AeronLink.offer(link.pingOut, stop, codec.encode(new Message(0, -1, null, 0, 0, 0), 1, stop, 0));
                echo.join();
            }
        }
    }

    /** The measuring side: bursts out, one answer back. */
    private static final class Side {
        private final AeronLink link;
        private final WireCodec codec;
        private final UnsafeBuffer out;
        private final byte[] payload;
        private final int[] answers = {0};
        private final FragmentHandler received;
        long spent;

        Side(AeronLink link, WireCodec codec, int bytes) {
            this.link = link;
            this.codec = codec;
            this.out = new UnsafeBuffer(new byte[WireCodec.HEADER_BYTES + bytes]);
            this.payload = new byte[bytes];
            this.received = new FragmentAssembler((buffer, offset, length, header) -> {
                codec.decode(buffer, offset, length);
                answers[0]++;
            });
        }

        long prtt(int n, long d) {
            int before = answers[0];
            long start = System.nanoTime();
            for (int j = 0; j < n; j++) {
                if (j > 0 && d > 0) {
                    long t = System.nanoTime();
                    long until = t + d;
                    long now = t;
                    while (now < until) {
                        now = System.nanoTime();
                    }
                    spent += now - t;
                }
                int length = codec.encode(new Message(0, n - j, payload, payload.length, start, start), 1, out, 0);
                AeronLink.offer(link.pingOut, out, length);
            }
            while (answers[0] == before) {
                if (link.pongIn.poll(received, 1) == 0) {
                    AeronLink.pause();
                }
            }
            return System.nanoTime() - start;
        }
    }

    /** The echo side: answers the last frame of each burst until the stop frame (tag -1). */
    private static void echo(AeronLink link, WireCodec codec, int bytes) {
        UnsafeBuffer out = new UnsafeBuffer(new byte[WireCodec.HEADER_BYTES + bytes]);
        byte[] payload = new byte[bytes];
        boolean[] stop = {false};
        FragmentHandler handler = new FragmentAssembler((buffer, offset, length, header) -> {
            Message m = codec.decode(buffer, offset, length).message();
            if (m.tag() == -1) {
                stop[0] = true;
            } else if (m.tag() == 1) {
                int n = codec.encode(new Message(1, 0, payload, payload.length, m.sendStart(), m.arrival()), 0, out, 0);
                AeronLink.offer(link.pongOut, out, n);
            }
        });
        while (!stop[0]) {
            if (link.pingIn.poll(handler, 16) == 0) {
                AeronLink.pause();
            }
        }
    }
}
