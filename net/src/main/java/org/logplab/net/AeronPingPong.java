package org.logplab.net;

import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import java.io.IOException;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.UnsafeBuffer;
import org.logplab.core.Message;
import org.logplab.core.measure.PingPong;
import org.logplab.core.wire.WireCodec;

/**
 * Ping-pong over Aeron between two threads of this JVM, through an embedded media driver: the
 * transport's own one-way times, to set beside the in-process channels'
 * ({@link PingPong}). Every message is a {@link WireCodec} frame with a {@code byte[]} payload of
 * the measured size; the echo thread decodes each frame (checking it) and encodes the answer, so
 * the codec's cost is in the times. One-way time = round trip / 2, ns.
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
                default -> throw new IllegalArgumentException("unknown transport '" + transport + "': use inprocess, aeron-ipc or aeron-udp");
            };
        }
    }

    private AeronPingPong() {
    }

    /**
     * One-way times of {@code reps} round trips per size after {@code warmup} unrecorded ones.
     * A frame longer than Aeron's longest message goes as consecutive messages of the longest
     * length (the transport's own streaming, without the cluster's chunk headers) and is decoded
     * once all have come.
     *
     * @throws IllegalArgumentException for a negative size, or reps below 1
     * @throws IllegalStateException if the two ends do not connect within 10 s
     */
    public static PingPong.Result[] run(Medium medium, int[] sizes, int warmup, int reps) throws IOException, InterruptedException {
        for (int size : sizes) {
            if (size < 0 || size > Integer.MAX_VALUE - WireCodec.HEADER_BYTES) {
                throw new IllegalArgumentException("message sizes are 0.." + (Integer.MAX_VALUE - WireCodec.HEADER_BYTES)
                        + " bytes, got " + size);
            }
        }
        if (reps < 1 || warmup < 0) {
            throw new IllegalArgumentException("need at least 1 repetition and no negative warm-up, got " + reps + " and " + warmup);
        }
        try (AeronLink link = new AeronLink(medium)) {
            PingPong.Result[] results = new PingPong.Result[sizes.length];
            for (int i = 0; i < sizes.length; i++) {
                results[i] = measure(sizes[i], warmup, reps, link);
            }
            return results;
        }
    }

    /** One end's way of taking a frame in pieces: copies each piece until the frame is whole. */
    private static final class Inbound implements FragmentHandler {
        private final UnsafeBuffer frame;
        private final java.util.function.IntConsumer whole;
        private int filled;

        Inbound(int length, java.util.function.IntConsumer whole) {
            this.frame = new UnsafeBuffer(new byte[length]);
            this.whole = whole;
        }

        @Override
        public void onFragment(org.agrona.DirectBuffer buffer, int offset, int length, io.aeron.logbuffer.Header header) {
            frame.putBytes(filled, buffer, offset, length);
            filled += length;
            if (filled == frame.capacity()) {
                filled = 0;
                whole.accept(frame.capacity());
            }
        }
    }

    private static void send(Publication publication, UnsafeBuffer frame, int length) {
        int piece = publication.maxMessageLength();
        for (int at = 0; at < length; at += piece) {
            AeronLink.offer(publication, frame, at, Math.min(piece, length - at));
        }
    }

    private static PingPong.Result measure(int size, int warmup, int reps, AeronLink link) throws InterruptedException {
        int total = warmup + reps;
        int length = WireCodec.HEADER_BYTES + size;
        WireCodec codec = new WireCodec();
        Thread echo = Thread.ofPlatform().name("aeron-echo").start(() -> {
            UnsafeBuffer out = new UnsafeBuffer(new byte[length]);
            int[] seen = {0};
            Inbound[] in = new Inbound[1];
            in[0] = new Inbound(length, n -> {
                Message m = codec.decode(in[0].frame, 0, n).message();
                int k = codec.encode(new Message(1, m.tag(), m.payload(), m.bytes(), m.sendStart(), m.arrival()), 0, out, 0);
                send(link.pongOut, out, k);
                seen[0]++;
            });
            FragmentHandler answer = new FragmentAssembler(in[0]);
            while (seen[0] < total) {
                if (link.pingIn.poll(answer, 1) == 0) {
                    AeronLink.pause();
                }
            }
        });
        UnsafeBuffer out = new UnsafeBuffer(new byte[length]);
        byte[] payload = new byte[size];
        int[] back = {0};
        Inbound[] in = new Inbound[1];
        in[0] = new Inbound(length, n -> {
            codec.decode(in[0].frame, 0, n);
            back[0]++;
        });
        FragmentHandler received = new FragmentAssembler(in[0]);
        Histogram oneWay = new Histogram(3);
        for (int i = 0; i < total; i++) {
            long start = System.nanoTime();
            int n = codec.encode(new Message(0, i, payload, size, start, start), 1, out, 0);
            send(link.pingOut, out, n);
            while (back[0] == i) {
                if (link.pongIn.poll(received, 1) == 0) {
                    AeronLink.pause();
                }
            }
            if (i >= warmup) {
                oneWay.recordValue(Math.max(1, (System.nanoTime() - start) / 2));
            }
        }
        echo.join();
        return new PingPong.Result(size, oneWay);
    }
}
