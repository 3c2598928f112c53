package org.logplab.bench.experiment.measure;

import org.logplab.core.LogP;
import org.logplab.core.measure.LogPEstimator;

/**
 * What one PRTT measurement ({@link LogPEstimator}, Netgauge's parametrised round trips) is asked:
 * the message size, the messages per burst and the repetitions of each PRTT kind, whose medians
 * are reported.
 *
 * @param bytes the message size, bytes
 * @param burst messages per PRTT burst, at least 2
 * @param reps repetitions per PRTT kind
 */
public record PrttSettings(int bytes, int burst, int reps) {
    /** The in-process runtime's parameters with {@code delays} injected (ns), measured with these settings. */
    public LogPEstimator.Estimate estimate(LogP delays) {
        return LogPEstimator.estimate(delays, bytes, burst, reps);
    }

    /** The sentence under a table of these measurements: repetitions, bursts and size. */
    public String describe() {
        return String.format("PRTT medians over %d repetitions, %d-message bursts, %d-byte messages", reps, burst,
                bytes);
    }
}
