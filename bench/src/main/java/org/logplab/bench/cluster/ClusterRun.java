package org.logplab.bench.cluster;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.logplab.core.ClockKind;
import org.logplab.core.RunConfig;

/**
 * One multi-process run as every node of it is given it: the job and its sizes, the run's
 * configuration (LogP parameters, clock, latency recording, time-out), the cluster's timeouts and
 * Aeron's term length, and the same settings as node arguments, which a launcher passes on to the
 * nodes it starts and which a node's default run identity is derived from.
 *
 * @param job the job every rank runs
 * @param config the run's configuration; its parameters' P is the ranks over all nodes
 * @param sizes the job's sizes
 * @param nodeArguments these settings as {@code logplab node} arguments ({@code --job ring --P 4 ...})
 * @param peerTimeout how long a silent peer may be silent before it fails the run
 * @param connectTimeout how long to wait for every node to come up
 * @param termLength Aeron's term length, bytes
 */
public record ClusterRun(ClusterJob job, RunConfig config, ClusterJob.Sizes sizes, List<String> nodeArguments,
                         Duration peerTimeout, Duration connectTimeout, int termLength) {

    /** Copies the argument list. */
    public ClusterRun {
        nodeArguments = List.copyOf(nodeArguments);
    }

    /** The ranks over all nodes. */
    public int P() {
        return config.params().P();
    }

    /** Whether the run is on the model clock (times in model units; else nanoseconds). */
    public boolean model() {
        return config.clock() == ClockKind.MODEL;
    }

    /** The clock as the rows' {@code clock} field shows it: {@code model} or {@code wall}. */
    public String clockName() {
        return config.clock().name().toLowerCase(Locale.ROOT);
    }

    /** What a time of this run is counted in, after a number: {@code model units} or {@code ns}. */
    public String timeUnit() {
        return model() ? "model units" : "ns";
    }
}
