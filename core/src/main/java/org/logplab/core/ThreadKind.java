package org.logplab.core;

/** Which threads carry a run's processors: one platform thread or one virtual thread per rank. */
public enum ThreadKind {
    /** One platform (OS) thread per processor: for wall-clock runs with {@code P} up to the cores. */
    PLATFORM,
    /** One virtual thread per processor: for model-clock runs with very many processors. */
    VIRTUAL
}
