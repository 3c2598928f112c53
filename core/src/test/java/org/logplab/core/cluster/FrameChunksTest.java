package org.logplab.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.logplab.core.wire.MalformedFrameException;

/** {@link FrameSplitter} and {@link FrameAssembler} on their own: splitting, reassembly, and chunks that do not fit. */
class FrameChunksTest {

    /** A transport that records what it is given, carrying frames up to {@code max} bytes. */
    private static final class Recording implements Transport {
        final int max;
        final List<byte[]> frames = new ArrayList<>();

        Recording(int max) {
            this.max = max;
        }

        @Override
        public boolean send(int node, DirectBuffer buffer, int offset, int length) {
            assertThat(length).isLessThanOrEqualTo(max);
            byte[] copy = new byte[length];
            buffer.getBytes(offset, copy);
            frames.add(copy);
            return true;
        }

        @Override
        public int maxFrameLength() {
            return max;
        }
    }

    private static byte[] randomFrame(SplittableRandom random, int length) {
        byte[] f = new byte[length];
        for (int i = 0; i < length; i++) {
            f[i] = (byte) random.nextInt(256);
        }
        f[0] = FrameKind.DATA.code;
        return f;
    }

    @Test
    void framesOfAnyLengthComeBackWhole() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 200; trial++) {
            int max = random.nextInt(FrameSplitter.CHUNK_HEADER + 1, 600);
            int length = random.nextInt(1, 5_000);
            byte[] frame = randomFrame(random, length);
            Recording t = new Recording(max);
            new FrameSplitter(t, 2).send(1, new UnsafeBuffer(frame), 0, length);
            // Hand-counted: a frame that fits goes as it is; else pieces of max - 9 bytes.
            int piece = max - FrameSplitter.CHUNK_HEADER;
            assertThat(t.frames).hasSize(length <= max ? 1 : (length + piece - 1) / piece);
            if (length <= max) {
                assertThat(t.frames.get(0)).isEqualTo(frame);
                continue;
            }
            FrameAssembler assembler = new FrameAssembler(2);
            DirectBuffer whole = null;
            for (int i = 0; i < t.frames.size(); i++) {
                byte[] c = t.frames.get(i);
                assertThat(c[0]).isEqualTo(FrameKind.CHUNK.code);
                whole = assembler.add(0, new UnsafeBuffer(c), 0, c.length);
                assertThat(whole == null).as("complete only after the last chunk").isEqualTo(i < t.frames.size() - 1);
            }
            byte[] back = new byte[whole.capacity()];
            whole.getBytes(0, back);
            assertThat(back).isEqualTo(frame);
            assertThat(assembler.discard(0)).isNull();
        }
    }

    private static byte[] chunk(int total, int at, int pieceBytes) {
        byte[] c = new byte[FrameSplitter.CHUNK_HEADER + pieceBytes];
        UnsafeBuffer b = new UnsafeBuffer(c);
        b.putByte(0, FrameKind.CHUNK.code);
        b.putInt(1, total);
        b.putInt(5, at);
        return c;
    }

    private static DirectBuffer add(FrameAssembler a, int node, byte[] c) {
        return a.add(node, new UnsafeBuffer(c), 0, c.length);
    }

    @Test
    void chunksOutOfTurnAreMalformedAndDropTheirFrame() {
        FrameAssembler a = new FrameAssembler(3);
        assertThatThrownBy(() -> add(a, 1, chunk(300, 100, 100))).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("the first chunk of a frame was due");
        assertThat(add(a, 1, chunk(300, 0, 100))).isNull();
        // A gap: bytes 100.. were due.
        assertThatThrownBy(() -> add(a, 1, chunk(300, 200, 100))).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("bytes 100.. of a frame of 300");
        assertThat(a.discarded()).isEqualTo(1);
        assertThat(add(a, 1, chunk(300, 0, 100))).isNull();
        // Another frame's length in mid-frame, then a piece overrunning its frame.
        assertThatThrownBy(() -> add(a, 1, chunk(400, 100, 100))).isInstanceOf(MalformedFrameException.class);
        assertThat(add(a, 1, chunk(300, 0, 200))).isNull();
        assertThatThrownBy(() -> add(a, 1, chunk(300, 200, 150))).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("overruns");
        // A chunk with no piece, and the first chunk of a frame that would have fitted whole.
        assertThatThrownBy(() -> add(a, 1, chunk(300, 0, 0))).isInstanceOf(MalformedFrameException.class);
        assertThatThrownBy(() -> add(a, 1, chunk(100, 0, 100))).isInstanceOf(MalformedFrameException.class);
        assertThat(a.discarded()).isEqualTo(3);
    }

    @Test
    void peersReassembleIndependentlyAndALostOneSaysHowMuchHadCome() {
        FrameAssembler a = new FrameAssembler(3);
        assertThat(add(a, 1, chunk(2_500_000, 0, 1_000_000))).isNull();
        assertThat(add(a, 2, chunk(250, 0, 200))).isNull();
        assertThat(add(a, 2, chunk(250, 200, 50))).isNotNull();
        assertThat(add(a, 1, chunk(2_500_000, 1_000_000, 1_000_000))).isNull();
        assertThat(a.discard(2)).isNull();
        assertThat(a.discard(1)).isEqualTo("2,000,000 of 2,500,000 bytes of a frame");
        assertThat(a.discarded()).isEqualTo(1);
        assertThat(a.discard(1)).isNull();
    }
}
