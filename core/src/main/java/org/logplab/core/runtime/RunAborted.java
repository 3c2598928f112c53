package org.logplab.core.runtime;

/**
 * Thrown inside a processor's thread when its run has been ended by another rank's failure, a
 * deadlock or a timeout. An {@link Error} so that a program's {@code catch (Exception e)} does
 * not swallow it; the runtime catches it at the top of the thread.
 */
final class RunAborted extends Error {
    RunAborted() {
        super("the run was aborted", null, false, false);
    }
}
