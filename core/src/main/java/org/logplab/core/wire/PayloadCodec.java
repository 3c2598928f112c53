package org.logplab.core.wire;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * How one payload type travels in a frame: a type id unique within a {@link WireCodec} (0..63 are
 * the built-in types, 64..255 for applications), its exact encoded length, and the encoding
 * itself (little-endian, as Agrona buffers write by default). {@code decode} must reject any
 * length or content it could not have written with a {@link MalformedFrameException}.
 *
 * @param <T> the payload's class
 */
public interface PayloadCodec<T> {
    /** The id written in the frame header, 0..255. */
    int typeId();

    /** The payload class this codec writes (exact class, not subclasses). */
    Class<T> type();

    /** The bytes {@link #encode} writes for {@code value}. */
    int encodedLength(T value);

    /** Writes {@code value} at {@code offset}. */
    void encode(T value, MutableDirectBuffer buffer, int offset);

    /** Reads a value of {@code length} bytes at {@code offset}. */
    T decode(DirectBuffer buffer, int offset, int length);
}
