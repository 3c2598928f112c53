package org.logplab.goal.sim;

/**
 * A model-clock run stopped at its deadline before the schedule finished; the message says how far
 * it got (events, model time, operations finished).
 */
public final class SimulationStopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SimulationStopped(String message) {
        super(message);
    }
}
