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
 * in-process {@link LogPEstimator}: PRTT(1,0), PRTT(n,0) and PRTT(n,d) measured between two sides
 * of an {@link AeronLink}, then {@link LogPEstimator#fromSamples}. A burst's frames carry a
 * count-down in their tag, so that the echo side ({@link AeronLink#echo}) answers its last one. A
 * measurement is {@code max(3, reps / 4)} unrecorded pairs of PRTT(1,0) and PRTT(n,0), then
 * {@code reps} of each of the three kinds: that many bursts, each answered once.
 * Delays {@code d} are busy time on the sending thread, ns. The two sides are two threads of this
 * JVM ({@link #estimate(AeronPingPong.Medium, int, int, int)}) or two processes
 * ({@link #estimate(AeronLink, int, int, int)} on one, {@link AeronLink#echo} on the other).
 */
public final class AeronPrtt {
    private AeronPrtt() {
    }

    /**
     * Estimates L, o and g of {@code medium} with {@code bytes}-byte payloads, {@code n} messages per
     * burst and {@code reps} repetitions of each PRTT kind, ns; the echo side is a thread here.
     */
    public static LogPEstimator.Estimate estimate(AeronPingPong.Medium medium, int bytes, int n, int reps)
            throws IOException, InterruptedException {
        check(bytes, n, reps);
        try (AeronLink link = new AeronLink(medium)) {
            Thread echo = link.echoThread();
            try {
                return estimate(link.measuring, bytes, n, reps);
            } finally {
                link.stopEcho();
                echo.join();
            }
        }
    }

    /**
     * Estimates L, o and g between this process and the one at the other end of {@code link},
     * which runs {@link AeronLink#echo}; the echo keeps running until {@link AeronLink#stopEcho}.
     *
     * @throws IllegalStateException if the other side stops answering
     */
    public static LogPEstimator.Estimate estimate(AeronLink link, int bytes, int n, int reps) {
        check(bytes, n, reps);
        return estimate(link.measuring, bytes, n, reps);
    }

    private static void check(int bytes, int n, int reps) {
        if (n < 2 || reps < 1 || bytes < 0 || bytes > (1 << 20)) {
            throw new IllegalArgumentException("need n >= 2, reps >= 1, 0 <= bytes <= 1 MiB; got " + n + ", " + reps
                    + ", " + bytes);
        }
    }

    private static LogPEstimator.Estimate estimate(AeronLink.End end, int bytes, int n, int reps) {
        Side side = new Side(end, new WireCodec(), bytes);
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
    }

    /** The measuring side: bursts out, one answer back. */
    private static final class Side {
        private final AeronLink.End end;
        private final WireCodec codec;
        private final UnsafeBuffer out;
        private final byte[] payload;
        private final int[] answers = {0};
        private final FragmentHandler received;
        long spent;

        Side(AeronLink.End end, WireCodec codec, int bytes) {
            this.end = end;
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
                AeronLink.offer(end.out(), out, length);
            }
            AeronLink.pollUntil(end.in(), received, () -> answers[0] != before);
            return System.nanoTime() - start;
        }
    }
}
