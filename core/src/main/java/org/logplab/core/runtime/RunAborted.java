package org.logplab.core.runtime;

/**
 * Thrown inside a processor's thread when its run has been ended by another rank's failure, a
 * deadlock, a timeout or the machine's closing. An {@link Error} so that a program's
 * {@code catch (Exception e)} does not swallow it; the runtime catches it at the top of the
 * thread. One shared instance without a stack trace: it carries no information of its own.
 */
final class RunAborted extends Error {
    static final RunAborted INSTANCE = new RunAborted();

    private RunAborted() {
        super("the run was aborted", null, false, false);
    }
}
