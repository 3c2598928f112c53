package org.logplab.core.runtime;

/**
 * The part of a processor that other threads read on the message path: its wait state, padded on
 * both sides so that the owner's per-message writes (counters, clock) never share a cache line
 * with it. Every sender reads the receiver's {@link #state} after each send; without the padding
 * that read would miss the cache on every message. Superclass fields are laid out before
 * subclass fields, which is what the padding relies on (as in JCTools).
 */
abstract class PaddedWaitState extends WaitStatePadBefore {
    /** {@link ProcessorImpl#RUNNING}, a wait state, or {@link ProcessorImpl#DONE}; written under the coordinator's lock. */
    volatile int state;
    /** Between runs: whether the thread is parked waiting for the next run (the pool then unparks it). */
    volatile boolean idleParked;
    /** The rank waited on (receive source or send destination), or -1. */
    int waitPeer;
    /** The channel a receiver waits on for a message. */
    ChannelConsumer waitConsumer;
    /** The channel a sender waits on for room. */
    ChannelProducer waitProducer;
    /** Model clock: the channel a recvAny was granted at quiescence. */
    ChannelConsumer grant;
    /** Model clock: the latest arrival a waiting recvAny accepts ({@code Long.MAX_VALUE}: no deadline). */
    long anyDeadline = Long.MAX_VALUE;
    /** The thread that runs this processor's programs. */
    Thread thread;
}

@SuppressWarnings("unused")
abstract class WaitStatePadBefore {
    /** Fills the gap after the object header, where the JVM would otherwise put {@code state}, unpadded. */
    int p0h;
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

@SuppressWarnings("unused")
abstract class WaitStatePadAfter extends PaddedWaitState {
    long p10, p11, p12, p13, p14, p15, p16, p17;
}
