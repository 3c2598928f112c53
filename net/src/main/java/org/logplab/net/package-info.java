/**
 * Beyond one machine (issue 7): messages between processes and hosts over Aeron, with an embedded
 * media driver, framed by {@link org.logplab.core.wire.WireCodec}. So far: the transport's own
 * ping-pong ({@link org.logplab.net.AeronPingPong}) for comparison with the in-process channels.
 */
package org.logplab.net;
