package org.logplab.core.wire;

import java.util.HashMap;
import java.util.Map;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.logplab.core.Message;

/**
 * The project's own compact binary encoding of a {@link Message} for transports between
 * processes (never Java serialisation). A frame is a fixed 40-byte header, then the payload:
 *
 * <pre>
 * offset  size  field
 *      0     2  magic 0x4C50 ("LP")
 *      2     1  version (1)
 *      3     1  payload type id (0 = null; built-ins 1..8: Long, Double, Integer, Float,
 *               long[], double[], int[], byte[]; applications 64..255)
 *      4     4  source rank
 *      8     4  destination rank
 *     12     4  tag
 *     16     4  declared size in bytes (the LogP size, used by G; not the payload's encoding)
 *     20     8  send start, clock units
 *     28     8  arrival, clock units (model time stamps travel with the message)
 *     36     4  payload length in bytes
 *     40     n  payload
 * </pre>
 *
 * All little-endian. {@link #decode} checks everything a frame could get wrong and throws
 * {@link MalformedFrameException} with the reason; it never throws anything else for any input.
 * Applications add payload types with {@link #register}. A codec is safe to share between threads
 * once its registrations are done.
 */
public final class WireCodec {
    /** The header's length in bytes. */
    public static final int HEADER_BYTES = 40;
    static final short MAGIC = 0x4C50;
    static final byte VERSION = 1;
    private static final int FIRST_APPLICATION_TYPE = 64;

    private final PayloadCodec<?>[] byId = new PayloadCodec<?>[256];
    private final Map<Class<?>, PayloadCodec<?>> byType = new HashMap<>();

    /** A codec knowing the built-in payload types. */
    public WireCodec() {
        BuiltInPayloads.all().forEach(this::add);
    }

    /**
     * Adds an application payload type.
     *
     * @throws IllegalArgumentException if its id is outside 64..255 or already taken, or its class already has a codec
     */
    public WireCodec register(PayloadCodec<?> codec) {
        if (codec.typeId() < FIRST_APPLICATION_TYPE || codec.typeId() > 255) {
            throw new IllegalArgumentException("application payload type ids are 64..255, got " + codec.typeId());
        }
        add(codec);
        return this;
    }

    private void add(PayloadCodec<?> codec) {
        if (byId[codec.typeId()] != null) {
            throw new IllegalArgumentException("payload type id " + codec.typeId() + " is taken by "
                    + byId[codec.typeId()].type().getName());
        }
        if (byType.containsKey(codec.type())) {
            throw new IllegalArgumentException(codec.type().getName() + " already has a payload codec");
        }
        byId[codec.typeId()] = codec;
        byType.put(codec.type(), codec);
    }

    /**
     * The frame length of {@code m}.
     *
     * @throws IllegalArgumentException if no codec knows the payload's class
     */
    public int frameLength(Message m) {
        return HEADER_BYTES + payloadLength(m.payload());
    }

    /**
     * Writes {@code m}, addressed to {@code destination}, at {@code offset}; returns the frame length.
     * The buffer must have {@link #frameLength} bytes from {@code offset}.
     */
    public int encode(Message m, int destination, MutableDirectBuffer buffer, int offset) {
        Object payload = m.payload();
        int length = payloadLength(payload);
        buffer.putShort(offset, MAGIC);
        buffer.putByte(offset + 2, VERSION);
        buffer.putByte(offset + 3, (byte) (payload == null ? BuiltInPayloads.NULL : codecOf(payload).typeId()));
        buffer.putInt(offset + 4, m.source());
        buffer.putInt(offset + 8, destination);
        buffer.putInt(offset + 12, m.tag());
        buffer.putInt(offset + 16, m.bytes());
        buffer.putLong(offset + 20, m.sendStart());
        buffer.putLong(offset + 28, m.arrival());
        buffer.putInt(offset + 36, length);
        if (payload != null) {
            encodePayload(payload, buffer, offset + HEADER_BYTES);
        }
        return HEADER_BYTES + length;
    }

    /**
     * Reads the frame of {@code length} bytes at {@code offset}.
     *
     * @throws MalformedFrameException if it is not a frame this codec could have written
     */
    public Frame decode(DirectBuffer buffer, int offset, int length) {
        if (length < HEADER_BYTES) {
            throw new MalformedFrameException("a frame has at least " + HEADER_BYTES + " bytes, got " + length);
        }
        if (offset < 0 || (long) offset + length > buffer.capacity()) {
            throw new MalformedFrameException("frame of " + length + " bytes at " + offset + " overruns its buffer of "
                    + buffer.capacity());
        }
        if (buffer.getShort(offset) != MAGIC) {
            throw new MalformedFrameException(String.format("bad magic 0x%04x", buffer.getShort(offset) & 0xFFFF));
        }
        if (buffer.getByte(offset + 2) != VERSION) {
            throw new MalformedFrameException("unknown frame version " + buffer.getByte(offset + 2));
        }
        int type = buffer.getByte(offset + 3) & 0xFF;
        int source = buffer.getInt(offset + 4);
        int destination = buffer.getInt(offset + 8);
        int bytes = buffer.getInt(offset + 16);
        int payloadLength = buffer.getInt(offset + 36);
        if (source < 0 || destination < 0) {
            throw new MalformedFrameException("negative rank: source " + source + ", destination " + destination);
        }
        if (bytes < 0) {
            throw new MalformedFrameException("negative declared size " + bytes);
        }
        if (payloadLength < 0 || payloadLength != length - HEADER_BYTES) {
            throw new MalformedFrameException("payload length " + payloadLength + " does not fit a frame of " + length
                    + " bytes");
        }
        Object payload;
        if (type == BuiltInPayloads.NULL) {
            if (payloadLength != 0) {
                throw new MalformedFrameException("a null payload with " + payloadLength + " bytes");
            }
            payload = null;
        } else {
            PayloadCodec<?> codec = byId[type];
            if (codec == null) {
                throw new MalformedFrameException("unknown payload type " + type);
            }
            try {
                payload = codec.decode(buffer, offset + HEADER_BYTES, payloadLength);
            } catch (MalformedFrameException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new MalformedFrameException("payload type " + type + " failed to decode: " + e);
            }
        }
        Message m = new Message(source, buffer.getInt(offset + 12), payload, bytes, buffer.getLong(offset + 20),
                buffer.getLong(offset + 28));
        return new Frame(m, destination);
    }

    /** A decoded frame: the message and the rank it is addressed to. */
    public record Frame(Message message, int destination) {
    }

    private int payloadLength(Object payload) {
        return payload == null ? 0 : lengthOf(codecOf(payload), payload);
    }

    @SuppressWarnings("unchecked")
    private static <T> int lengthOf(PayloadCodec<T> codec, Object payload) {
        return codec.encodedLength((T) payload);
    }

    @SuppressWarnings("unchecked")
    private <T> void encodePayload(Object payload, MutableDirectBuffer buffer, int offset) {
        PayloadCodec<T> codec = (PayloadCodec<T>) codecOf(payload);
        codec.encode((T) payload, buffer, offset);
    }

    private PayloadCodec<?> codecOf(Object payload) {
        PayloadCodec<?> codec = byType.get(payload.getClass());
        if (codec == null) {
            throw new IllegalArgumentException("no wire codec for a " + payload.getClass().getName()
                    + " payload: register a PayloadCodec for it");
        }
        return codec;
    }
}
