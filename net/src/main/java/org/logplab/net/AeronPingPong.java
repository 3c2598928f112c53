package org.logplab.net;

import io.aeron.logbuffer.FragmentHandler;
import java.io.IOException;
import java.util.Locale;
import java.util.function.IntConsumer;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.UnsafeBuffer;
import org.logplab.core.Message;
import org.logplab.core.measure.PingPong;
import org.logplab.core.wire.WireCodec;

/**
 * Ping-pong over Aeron between two threads of this JVM, through an embedded media driver, or
 * between two processes ({@link #run(AeronLink, int[], int, int)}): the transport's own one-way
 * times, to set beside the in-process channels' ({@link PingPong}). Every message is a
 * {@link WireCodec} frame with a {@code byte[]} payload of the measured size; the echo side
 * ({@link AeronLink#echo}) decodes each frame (checking it) and encodes the answer, so the
 * codec's cost is in the times. One-way time = round trip / 2, ns.
 *
 * <p>{@link Medium#IPC} goes through shared memory ({@code aeron:ipc}); {@link Medium#UDP} through
 * the loopback interface, so it also pays the driver's sender and receiver and the kernel (see
 * {@link AeronLink} for the driver, its threads and its files).
 */
public final class AeronPingPong {
    /** How the two threads talk. */
    public enum Medium {
        /** Shared memory between processes (here, threads): {@code aeron:ipc}. */
        IPC,
        /** UDP over the loopback interface. */
        UDP;

        /** The medium named {@code aeron-ipc} or {@code aeron-udp}. */
        public static Medium parse(String transport) {
            return switch (transport.toLowerCase(Locale.ROOT)) {
                case "aeron-ipc" -> IPC;
                case "aeron-udp" -> UDP;
                default -> throw new IllegalArgumentException("unknown transport '" + transport
                        + "': use inprocess, aeron-ipc or aeron-udp");
            };
        }
    }

    private AeronPingPong() {
    }

    /**
     * One-way times of {@code reps} round trips per size after {@code warmup} unrecorded ones.
     *
     * A frame longer than Aeron's longest message goes as consecutive messages of the longest
     * length (the transport's own streaming, without the cluster's chunk headers) and is decoded
     * once all have come.
     *
     * @throws IllegalArgumentException for a negative size, or reps below 1
     * @throws IllegalStateException if the two ends do not connect within 10 s
     */
    public static PingPong.Result[] run(Medium medium, int[] sizes, int warmup, int reps) throws IOException,
            InterruptedException {
        return run(medium, sizes, warmup, reps, i -> { });
    }

    /**
     * The same, telling {@code starting} the index into {@code sizes} of each size before its
     * round trips start (for a progress display), on the calling thread.
     */
    public static PingPong.Result[] run(Medium medium, int[] sizes, int warmup, int reps,
            IntConsumer starting) throws IOException,
            InterruptedException {
        check(sizes, warmup, reps);
        try (AeronLink link = new AeronLink(medium)) {
            Thread echo = link.echoThread();
            try {
                return run(link, sizes, warmup, reps, starting);
            } finally {
                link.stopEcho();
                echo.join();
            }
        }
    }

    /**
     * The same between this process and the one at the other end of {@code link}, which answers
     * with {@link AeronLink#echo}.
     *
     * @throws IllegalStateException if the other side stops answering
     */
    public static PingPong.Result[] run(AeronLink link, int[] sizes, int warmup, int reps) {
        return run(link, sizes, warmup, reps, i -> { });
    }

    private static PingPong.Result[] run(AeronLink link, int[] sizes, int warmup, int reps, IntConsumer starting) {
        check(sizes, warmup, reps);
        PingPong.Result[] results = new PingPong.Result[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            starting.accept(i);
            results[i] = roundTrips(sizes[i], warmup, reps, link.measuring);
        }
        return results;
    }

    private static void check(int[] sizes, int warmup, int reps) {
        for (int size : sizes) {
            if (size < 0 || size > Integer.MAX_VALUE - WireCodec.HEADER_BYTES) {
                throw new IllegalArgumentException("message sizes are 0.."
                        + (Integer.MAX_VALUE - WireCodec.HEADER_BYTES)
                        + " bytes, got " + size);
            }
        }
        if (reps < 1 || warmup < 0) {
            throw new IllegalArgumentException("need at least 1 repetition and no negative warm-up, got " + reps
                    + " and " + warmup);
        }
    }

    /**
     * The measuring half: {@code warmup + reps} pings of {@code size} bytes, each tagged 1 (the
     * tag {@link AeronLink#echo} answers), each waiting for its answer.
     */
    private static PingPong.Result roundTrips(int size, int warmup, int reps, AeronLink.End end) {
        WireCodec codec = new WireCodec();
        UnsafeBuffer out = new UnsafeBuffer(new byte[WireCodec.HEADER_BYTES + size]);
        byte[] payload = new byte[size];
        int[] back = {0};
        FragmentHandler received = AeronLink.frames((buffer, offset, length) -> {
            codec.decode(buffer, offset, length);
            back[0]++;
        });
        Histogram oneWay = new Histogram(3);
        for (int i = 0; i < warmup + reps; i++) {
            long start = System.nanoTime();
            int n = codec.encode(new Message(0, 1, payload, size, start, start), 1, out, 0);
            AeronLink.sendFrame(end.out(), out, n);
            int sent = i;
            AeronLink.pollUntil(end.in(), received, () -> back[0] != sent);
            if (i >= warmup) {
                oneWay.recordValue(Math.max(1, (System.nanoTime() - start) / 2));
            }
        }
        return new PingPong.Result(size, oneWay);
    }
}
