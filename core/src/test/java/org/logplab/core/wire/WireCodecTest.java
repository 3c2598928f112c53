package org.logplab.core.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.logplab.core.Message;

class WireCodecTest {
    private final WireCodec codec = new WireCodec();

    private WireCodec.Frame roundTrip(Message m, int destination) {
        UnsafeBuffer buffer = new UnsafeBuffer(new byte[codec.frameLength(m) + 16]);
        int length = codec.encode(m, destination, buffer, 16);
        assertThat(length).isEqualTo(codec.frameLength(m));
        return codec.decode(buffer, 16, length);
    }

    @Test
    void everyBuiltInPayloadTravelsWithTheHeaderIntact() {
        List<Object> payloads = List.of(Long.MIN_VALUE, Double.NaN, -0.0, Integer.MAX_VALUE, 1.5f,
                new long[] {1, -2, Long.MAX_VALUE},
                new double[] {Math.PI, Double.NEGATIVE_INFINITY}, new int[] {}, new byte[] {1, -1, 127}, new long[0]);
        for (Object payload : payloads) {
            Message m = new Message(3, 7, payload, 12_345, 1_000_000_000_000L, -5);
            WireCodec.Frame f = roundTrip(m, 9);
            assertThat(f.destination()).isEqualTo(9);
            Message back = f.message();
            assertThat(back.source()).isEqualTo(3);
            assertThat(back.tag()).isEqualTo(7);
            assertThat(back.bytes()).isEqualTo(12_345);
            assertThat(back.sendStart()).isEqualTo(1_000_000_000_000L);
            assertThat(back.arrival()).isEqualTo(-5);
            // deepEquals compares doubles by bits: NaN equals NaN, -0.0 differs from 0.0.
            assertThat(java.util.Objects.deepEquals(back.payload(), payload)).as(payload.getClass().getSimpleName())
                    .isTrue();
            assertThat(back.payload()).isInstanceOf(payload.getClass());
        }
        assertThat(roundTrip(new Message(0, 0, null, 0, 0, 0), 1).message().payload()).isNull();
        // Header 40 bytes + 3 longs.
        assertThat(codec.frameLength(new Message(0, 0, new long[3], 24, 0, 0))).isEqualTo(40 + 24);
    }

    /** An application type: a point (x, y) as two ints. */
    record Point(int x, int y) { }

    @Test
    void applicationsRegisterTheirOwnPayloadTypes() {
        codec.register(new PayloadCodec<Point>() {
            public int typeId() {
                return 64;
            }

            public Class<Point> type() {
                return Point.class;
            }

            public int encodedLength(Point p) {
                return 8;
            }

            public void encode(Point p, MutableDirectBuffer b, int o) {
                b.putInt(o, p.x());
                b.putInt(o + 4, p.y());
            }

            public Point decode(DirectBuffer b, int o, int length) {
                if (length != 8) {
                    throw new MalformedFrameException("a point has 8 bytes");
                }
                return new Point(b.getInt(o), b.getInt(o + 4));
            }
        });
        assertThat(roundTrip(new Message(1, 2, new Point(-4, 5), 8, 0, 0), 0).message().payload())
                .isEqualTo(new Point(-4, 5));
        assertThatThrownBy(() -> codec.frameLength(new Message(0, 0, "text", 4, 0, 0)))
                .hasMessageContaining("no wire codec for a java.lang.String");
        assertThatThrownBy(() -> codec.register(new PayloadCodecStub(3))).hasMessageContaining("64..255");
    }

    /** A codec that only has an id, for registration errors. */
    private record PayloadCodecStub(int typeId) implements PayloadCodec<Object> {
        public Class<Object> type() {
            return Object.class;
        }

        public int encodedLength(Object v) {
            return 0;
        }

        public void encode(Object v, MutableDirectBuffer b, int o) {
        }

        public Object decode(DirectBuffer b, int o, int l) {
            return null;
        }
    }

    private UnsafeBuffer frame(Object payload) {
        Message m = new Message(1, 2, payload, 8, 3, 4);
        UnsafeBuffer b = new UnsafeBuffer(new byte[codec.frameLength(m)]);
        codec.encode(m, 0, b, 0);
        return b;
    }

    @Test
    void malformedFramesAreRejectedWithTheirReason() {
        UnsafeBuffer good = frame(42L);
        int length = good.capacity();
        assertThatThrownBy(() -> codec.decode(good, 0, 39)).isInstanceOf(MalformedFrameException.class)
                .hasMessageContaining("at least 40");
        UnsafeBuffer magic = frame(42L);
        magic.putShort(0, (short) 0x1234);
        assertThatThrownBy(() -> codec.decode(magic, 0, length)).hasMessageContaining("bad magic 0x1234");
        UnsafeBuffer version = frame(42L);
        version.putByte(2, (byte) 9);
        assertThatThrownBy(() -> codec.decode(version, 0, length)).hasMessageContaining("unknown frame version 9");
        UnsafeBuffer type = frame(42L);
        type.putByte(3, (byte) 200);
        assertThatThrownBy(() -> codec.decode(type, 0, length)).hasMessageContaining("unknown payload type 200");
        UnsafeBuffer source = frame(42L);
        source.putInt(4, -1);
        assertThatThrownBy(() -> codec.decode(source, 0, length)).hasMessageContaining("negative rank");
        UnsafeBuffer payloadLength = frame(42L);
        payloadLength.putInt(36, 16);
        assertThatThrownBy(() -> codec.decode(payloadLength, 0, length)).hasMessageContaining("does not fit");
        // A long[] payload cut to 12 bytes: not whole elements.
        UnsafeBuffer cut = new UnsafeBuffer(new byte[52]);
        cut.putBytes(0, frame(new long[] {1, 2}), 0, 52);
        cut.putInt(36, 12);
        assertThatThrownBy(() -> codec.decode(cut, 0, 52))
                .hasMessageContaining("not a whole number of 8-byte elements");
        assertThatThrownBy(() -> codec.decode(good, 8, length)).hasMessageContaining("overruns its buffer");
    }

    @Test
    void noInputMakesDecodeThrowAnythingButMalformedFrame() {
        SplittableRandom random = new SplittableRandom(77);
        List<Object> payloads = List.of(1L, 2.0, 3, new long[] {1, 2, 3}, new double[] {1}, new byte[] {9});
        int valid = 0;
        for (int i = 0; i < 20_000; i++) {
            UnsafeBuffer b;
            int length;
            if (i % 2 == 0) {
                b = frame(payloads.get(random.nextInt(payloads.size())));
                length = b.capacity();
                // Flip a few random bytes of a good frame.
                for (int k = random.nextInt(1, 4); k > 0; k--) {
                    b.putByte(random.nextInt(length), (byte) random.nextInt(256));
                }
            } else {
                length = random.nextInt(0, 120);
                byte[] bytes = new byte[length];
                random.nextBytes(bytes);
                b = new UnsafeBuffer(bytes);
            }
            try {
                WireCodec.Frame f = codec.decode(b, 0, length);
                assertThat(f.message().source()).isNotNegative();
                valid++;
            } catch (MalformedFrameException expected) {
                // rejected with a reason: what a transport counts
                assertThat(expected.getMessage()).isNotBlank();
            }
        }
        assertThat(valid).as("flips in the times or the payload still give frames").isPositive();
    }
}
