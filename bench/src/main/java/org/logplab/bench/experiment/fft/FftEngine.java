package org.logplab.bench.experiment.fft;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.logplab.fft.FftPhases;
import org.logplab.fft.Handover;

/**
 * The FFT engines {@code logplab fft} compares, each timed against our serial FFT by
 * {@link FftRuns}: one list, so that the command, its validation and its help iterate the same
 * engines. The {@link #label() labels} are the {@code --engine} values users' scripts name.
 */
public enum FftEngine {
    /** The master/worker butterfly-exchange FFT on the LogP runtime; the master lends its array, each worker gathers
     * and writes back its own points. */
    LOGP("logp",
            "master/worker on the LogP runtime, arrays lent: the master lends its array, each worker gathers its own"
            + " points, exchange partners lend each other their blocks", true, Handover.VIEW),
    /** The seed's master/worker form: the master packs every worker's block and copies every result back; exchanges
     * send copies. */
    LOGP_SEED("logp-seed", "the seed's master/worker on the LogP runtime: the master copies every block out and back,"
            + " exchanges send copies", true, Handover.COPY),
    /** The butterfly-exchange FFT with the data already distributed (no scatter or gather), exchange partners lending
     * each other their blocks. */
    LOGP_DISTRIBUTED("logp-distributed", "butterfly exchange on the LogP runtime, data already distributed, partners"
            + " lend each other their blocks and split the butterflies", false, Handover.VIEW),
    /** The butterfly-exchange FFT with the data already distributed, exchanges as the seed sends them: a copy of the
     * block. */
    LOGP_DISTRIBUTED_SEED("logp-distributed-seed", "butterfly exchange on the LogP runtime, data already distributed,"
            + " exchanges send copies of the block (the seed's messages)", false, Handover.COPY),
    /** Our fork/join FFT on a pool of p threads. */
    FORKJOIN("forkjoin", "our fork/join FFT on p threads (no LogP runtime)", false, null),
    /** JTransforms 3.2 on p threads, the peer. */
    JTRANSFORMS("jtransforms", "JTransforms 3.2 on p threads (the peer)", false, null),
    /** FFTW 3 on one thread, run by {@code bench/peers/fftw/run.sh} where it is installed. */
    FFTW("fftw", "FFTW 3 on one thread (FFTW_MEASURE plans), its own process; p = 1 only", false, null);

    private final String label;
    private final String description;
    private final boolean masterWorker;
    private final Handover handover;

    FftEngine(String label, String description, boolean masterWorker, Handover handover) {
        this.label = label;
        this.description = description;
        this.masterWorker = masterWorker;
        this.handover = handover;
    }

    /** The {@code --engine} value. */
    public String label() {
        return label;
    }

    /** One line for help and legends. */
    public String description() {
        return description;
    }

    /** Whether the engine runs on the LogP runtime (and so has {@link #phases phases}). */
    public boolean onRuntime() {
        return handover != null;
    }

    /** How a runtime engine moves blocks between ranks (scatter, gather and exchanges), {@code null} for the other
     * engines. */
    public Handover handover() {
        return handover;
    }

    /** Whether a master scatters and gathers (the seed's model then counts two more message rounds). */
    public boolean masterWorker() {
        return masterWorker;
    }

    /**
     * The engine on {@code p} threads or processors against our serial FFT, timed by {@code runs}.
     * On one processor the LogP and fork/join engines run our serial FFT (there is nothing to
     * distribute); JTransforms runs itself on one thread; FFTW runs only on one.
     *
     * @throws FftRuns.PeerUnavailable for FFTW where it is not installed
     */
    public FftRuns.Pair time(FftRuns runs, int p) {
        if (this == FFTW) {
            if (p != 1) {
                throw new IllegalArgumentException("fftw runs on one thread: it has only p = 1 rows");
            }
            return runs.fftw();
        }
        if (p == 1 && this != JTRANSFORMS) {
            return runs.serial();
        }
        return switch (this) {
            case LOGP, LOGP_SEED -> runs.masterWorker(p, handover);
            case LOGP_DISTRIBUTED, LOGP_DISTRIBUTED_SEED -> runs.distributed(p, handover);
            case FORKJOIN -> runs.forkJoin(p);
            case JTRANSFORMS -> runs.jtransforms(p);
            case FFTW -> throw new AssertionError("handled above");
        };
    }

    /**
     * Where a runtime engine's time goes on {@code p > 1} processors, ns per transform per rank.
     *
     * @throws IllegalStateException for an engine that does not run on the runtime
     */
    public FftPhases phases(FftRuns runs, int p) {
        if (!onRuntime()) {
            throw new IllegalStateException(label + " does not run on the LogP runtime: it has no phases");
        }
        return runs.phases(p, masterWorker, handover);
    }

    /**
     * The engine labelled {@code text}.
     *
     * @throws IllegalArgumentException naming every engine, when none is labelled so
     */
    public static FftEngine parse(String text) {
        for (FftEngine e : values()) {
            if (e.label.equals(text)) {
                return e;
            }
        }
        throw new IllegalArgumentException("--engine must be one of " + labels() + ", got '" + text + "'");
    }

    /** Every label, comma-separated, in this order. */
    public static String labels() {
        return Arrays.stream(values()).map(FftEngine::label).collect(Collectors.joining(", "));
    }
}
