package org.logplab.core;

/**
 * A program that also says what its analysis predicts: the makespan (the largest finish time) for
 * {@code params}, in model units, or in nanoseconds when the run is on the wall clock (the same
 * formula over parameters in ns).
 */
public interface PredictedProgram extends Program {
    long predict(LogP params);
}
