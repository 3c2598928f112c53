package org.logplab.bench.cluster;

/**
 * A launch was interrupted (Ctrl-C: this JVM was ending, or its nodes ended by {@code SIGINT}):
 * the nodes were stopped before they reported, which was said once already on the notes. Not a
 * failed run: the launcher exits with {@value LocalNodes#INTERRUPTED_STATUS}, as the signal asks.
 */
public final class NodesInterruptedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The interruption; its message is for logs, the notes have said it to people. */
    public NodesInterruptedException() {
        super("interrupted: the node processes were stopped");
    }
}
