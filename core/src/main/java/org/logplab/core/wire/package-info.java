/**
 * The project's own binary encoding of messages between processes (never Java serialisation):
 * {@link org.logplab.core.wire.WireCodec} writes and reads one message as a frame of a fixed
 * header and its payload, {@link org.logplab.core.wire.PayloadCodec} says how one payload type
 * travels, and {@link org.logplab.core.wire.MalformedFrameException} is what a frame that could
 * not have been written gets, whatever its bytes.
 */
package org.logplab.core.wire;
