package org.logplab.bench.cluster;

/**
 * Node processes had not all ended when their launcher stopped waiting: {@link NodeProcesses}
 * stopped them, and the message names them and the time waited.
 */
public final class NodesStillRunningException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The failure, with the message to show. */
    public NodesStillRunningException(String message) {
        super(message);
    }
}
