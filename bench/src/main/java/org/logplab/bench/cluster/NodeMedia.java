package org.logplab.bench.cluster;

/**
 * How the node processes a launcher starts on this host reach each other: over UDP on loopback
 * ports, each node with an embedded media driver, or over IPC through one media driver in the
 * launcher's process that every node shares.
 */
public enum NodeMedia {
    /** Loopback UDP ports, a media driver per node. */
    UDP,
    /** Aeron IPC through one media driver that the launcher runs and the nodes share. */
    IPC
}
