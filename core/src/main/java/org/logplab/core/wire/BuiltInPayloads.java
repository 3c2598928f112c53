package org.logplab.core.wire;

import java.util.List;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/** The payload types a {@link WireCodec} always knows: the ones {@link org.logplab.core.Message#inferBytes} sizes. */
final class BuiltInPayloads {
    static final int NULL = 0;

    private BuiltInPayloads() {
    }

    static List<PayloadCodec<?>> all() {
        return List.of(
                scalar(1, Long.class, 8, (v, b, o) -> b.putLong(o, v), (b, o) -> b.getLong(o)),
                scalar(2, Double.class, 8, (v, b, o) -> b.putDouble(o, v), (b, o) -> b.getDouble(o)),
                scalar(3, Integer.class, 4, (v, b, o) -> b.putInt(o, v), (b, o) -> b.getInt(o)),
                scalar(4, Float.class, 4, (v, b, o) -> b.putFloat(o, v), (b, o) -> b.getFloat(o)),
                array(5, long[].class, 8, a -> a.length, long[]::new, (a, i, b, o) -> b.putLong(o, a[i]),
                (a, i, b, o) -> a[i] = b.getLong(o)),
                array(6, double[].class, 8, a -> a.length, double[]::new, (a, i, b, o) -> b.putDouble(o, a[i]),
                        (a, i, b, o) -> a[i] = b.getDouble(o)),
                array(7, int[].class, 4, a -> a.length, int[]::new, (a, i, b, o) -> b.putInt(o, a[i]), (a, i, b, o) ->
                a[i] = b.getInt(o)),
                bytes());
    }

    /** {@code byte[]} in one copy each way, not byte by byte (a 1 MiB payload costs 2 ms the slow way). */
    private static PayloadCodec<byte[]> bytes() {
        return new PayloadCodec<>() {
            public int typeId() {
                return 8;
            }

            public Class<byte[]> type() {
                return byte[].class;
            }

            public int encodedLength(byte[] value) {
                return value.length;
            }

            public void encode(byte[] value, MutableDirectBuffer buffer, int offset) {
                buffer.putBytes(offset, value);
            }

            public byte[] decode(DirectBuffer buffer, int offset, int length) {
                byte[] a = new byte[length];
                buffer.getBytes(offset, a);
                return a;
            }
        };
    }

    private interface Put<T> {
        void put(T value, MutableDirectBuffer buffer, int offset);
    }

    private interface Get<T> {
        T get(DirectBuffer buffer, int offset);
    }

    private interface ElementPut<A> {
        void put(A array, int index, MutableDirectBuffer buffer, int offset);
    }

    private interface ElementGet<A> {
        void get(A array, int index, DirectBuffer buffer, int offset);
    }

    private static <T> PayloadCodec<T> scalar(int id, Class<T> type, int size, Put<T> put, Get<T> get) {
        return new PayloadCodec<>() {
            public int typeId() {
                return id;
            }

            public Class<T> type() {
                return type;
            }

            public int encodedLength(T value) {
                return size;
            }

            public void encode(T value, MutableDirectBuffer buffer, int offset) {
                put.put(value, buffer, offset);
            }

            public T decode(DirectBuffer buffer, int offset, int length) {
                if (length != size) {
                    throw new MalformedFrameException("a " + type.getSimpleName() + " payload has " + size
                            + " bytes, the frame says " + length);
                }
                return get.get(buffer, offset);
            }
        };
    }

    private static <A> PayloadCodec<A> array(int id, Class<A> type, int element,
            java.util.function.ToIntFunction<A> length,
            java.util.function.IntFunction<A> create, ElementPut<A> put, ElementGet<A> get) {
        return new PayloadCodec<>() {
            public int typeId() {
                return id;
            }

            public Class<A> type() {
                return type;
            }

            public int encodedLength(A value) {
                return Math.multiplyExact(length.applyAsInt(value), element);
            }

            public void encode(A value, MutableDirectBuffer buffer, int offset) {
                for (int i = 0, n = length.applyAsInt(value); i < n; i++) {
                    put.put(value, i, buffer, offset + i * element);
                }
            }

            public A decode(DirectBuffer buffer, int offset, int bytes) {
                if (bytes % element != 0) {
                    throw new MalformedFrameException("a " + type.getSimpleName() + " payload of " + bytes
                            + " bytes is not a whole number of " + element + "-byte elements");
                }
                A a = create.apply(bytes / element);
                for (int i = 0; i < bytes / element; i++) {
                    get.get(a, i, buffer, offset + i * element);
                }
                return a;
            }
        };
    }
}
