package org.logplab.fft;

/**
 * The seed's speedup model extended with what it leaves out, so that it explains a measured run
 * on this machine rather than an ideal one, in nanoseconds. The seed's model
 * ({@link SpeedupModel}) charges {@code t_elem N log2 N / p} of arithmetic and {@code t_a + t_b m}
 * per message; on two cores sharing one memory a run also pays for
 * <ul>
 *   <li>the local FFTs running side by side: each rank's serial FFT of {@code B = N/p} points is
 *       timed with all {@code p} running at once ({@link FftCostProbe.Costs#localFftNanos()}),
 *       so the shared caches and memory bandwidth are in it, and so is {@code log2 B < log2 N};</li>
 *   <li>the passes over memory of each exchange stage, timed with every rank running them at once:
 *       in the seed's form ({@link Handover#COPY}) the snapshot of the block that is sent (the
 *       upper rank's twiddle pass, the slower of the two, is on the critical path) and the
 *       combine; with lent blocks ({@link Handover#VIEW}) each rank's half of the butterflies;</li>
 *   <li>the master's serial packing and unpacking in the seed's form ({@link Handover#COPY}),
 *       or each worker's own strided gather when the master lends its array (the last exchange
 *       stage then writes the outputs into it: no write-back pass)
 *       ({@link Handover#VIEW});</li>
 *   <li>a message's hand-over, {@code messageNanos} (half a ping-pong round trip of the runtime:
 *       payloads are handed over, so a block costs what a small message does); a lent stage
 *       has two (the lend and the done word).</li>
 * </ul>
 * Waking a parked thread is not a term: the runs this model predicts start every rank at an
 * agreed time, spinning, so no rank is parked when a repetition begins.
 *
 * <p>Every term comes from its own microbenchmark ({@link FftCostProbe}), never from a run of the
 * parallel FFT: a prediction that matches such a run is then an explanation of it.
 *
 * @param costs        the measured pieces for one {@code (N, p)}
 * @param messageNanos one message's hand-over on the runtime, ns
 */
public record MachineFftModel(FftCostProbe.Costs costs, double messageNanos) {

    /** Predicted time of {@link ButterflyExchangeFft} with the data already distributed, exchanges as {@code handover}
     * says, ns. */
    public double distributedNanos(Handover handover) {
        int stages = Integer.numberOfTrailingZeros(costs.p());
        double stage = handover == Handover.VIEW
                ? costs.lentButterfliesNanos() + 2 * messageNanos
                : Math.max(costs.snapshotNanos(), costs.twiddleNanos()) + messageNanos + costs.combineNanos();
        return costs.localFftNanos() + stages * stage;
    }

    /**
     * Predicted time of {@link MasterWorkerFft} with {@code handover}, ns: the distributed form,
     * plus the scatter and gather as the hand-over does them and their messages (the master sends
     * and receives {@code p - 1} of each, one after the other).
     */
    public double masterWorkerNanos(Handover handover) {
        double messages = (costs.p() - 1) * messageNanos;
        double scatterGather = handover == Handover.COPY
                ? costs.packNanos() + costs.unpackNanos()
                : costs.gatherNanos();
        return distributedNanos(handover) + scatterGather + 2 * messages;
    }

    /**
     * Predicted speedup over the serial FFT of all {@code N} points (also probed on its own), of
     * the master/worker form or the distributed one, with {@code handover}.
     */
    public double speedup(boolean masterWorker, Handover handover) {
        double parallel = costs.p() == 1 ? costs.serialNanos()
                : masterWorker ? masterWorkerNanos(handover) : distributedNanos(handover);
        return costs.serialNanos() / parallel;
    }
}
