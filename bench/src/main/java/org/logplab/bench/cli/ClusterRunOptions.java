package org.logplab.bench.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.cluster.ClusterJob;
import org.logplab.bench.cluster.ClusterRun;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.RunConfig;
import org.logplab.net.AeronTransport;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What a multi-process run is, shared by {@code logplab node} and {@code logplab launch} (which
 * passes the same options on to each node it starts) and by {@code logplab hop} for its ring: the
 * job, its sizes, the LogP parameters, the clock, the latencies to record, and the cluster's
 * timeouts; as a whole, a {@link ClusterRun}.
 */
final class ClusterRunOptions {
    /** The main class and the word that run {@code logplab node}, for the node processes a launcher starts. */
    static final List<String> NODE_COMMAND = List.of(LogPlabCli.class.getName(), "node");

    @Option(names = "--job", required = true, description = "broadcast, allreduce, summation, fft, ring or balance.")
    String job;

    @Option(names = "--P", required = true, description = "Ranks over all nodes.")
    int processors;

    @Option(names = "--n", defaultValue = "1024", description = "Operands (summation) or points (fft) (default 1024).")
    long n;

    @Option(names = "--rounds", defaultValue = "100", description = "Rounds of the ring job (default 100).")
    int rounds;

    @Option(names = "--policy", defaultValue = "bidirectional",
            description = "Balance job: none, light, heavy, bidirectional or stealing (default bidirectional).")
    String policy;

    @Option(names = "--load", defaultValue = "20",
            description = "Balance job: the seed scenario's load index (default 20).")
    int load;

    @Mixin
    LogPClockOptions logp = new LogPClockOptions(6, 2, 4, ClockKind.MODEL);

    @Mixin
    LatencyOptions recording;

    @Option(names = "--peer-timeout", converter = DurationNanosConverter.class, defaultValue = "5s",
            description = "A peer silent this long fails the run (default 5s).")
    long peerTimeoutNanos;

    @Option(names = "--connect-timeout", converter = DurationNanosConverter.class, defaultValue = "60s",
            description = "How long to wait for every node to come up (default 60s).")
    long connectTimeoutNanos;

    @Option(names = "--timeout", converter = DurationNanosConverter.class,
            description = "Fail the run if it takes longer than this on any node (default: no limit; a silent peer "
                    + "fails it anyway).")
    Long timeoutNanos;

    @Option(names = "--term-length", converter = SizeConverter.class, defaultValue = "16M",
            description = "Aeron term length; the longest Aeron message is an eighth (default 16M: 2 MiB); longer "
                    + "messages go in chunks.")
    int termLength = AeronTransport.DEFAULT_TERM_LENGTH;

    /**
     * The options as these arguments give them, every other at its default: for a run a command
     * makes up itself.
     */
    static ClusterRunOptions parse(String... args) {
        return CommandLine.populateCommand(new ClusterRunOptions(), args);
    }

    /** The run these options describe; refuses a bad job, P or time-out. */
    ClusterRun run() {
        return new ClusterRun(parsedJob(), config(), sizes(), asArguments(), peerTimeout(), connectTimeout(),
                termLength);
    }

    private ClusterJob.Sizes sizes() {
        return new ClusterJob.Sizes(n, rounds, policy, load);
    }

    private ClusterJob parsedJob() {
        return ClusterJob.parse(job);
    }

    private LogP params() {
        if (processors < 1) {
            throw new IllegalArgumentException("--P must be at least 1, got " + processors);
        }
        return logp.params(processors);
    }

    /** The run's configuration; refuses a bad P or time-out. */
    RunConfig config() {
        RunConfig.Builder b = logp.runConfig(params()).latency(recording.sampling);
        if (timeoutNanos != null) {
            if (timeoutNanos <= 0) {
                throw new IllegalArgumentException("--timeout must be positive, got " + timeoutNanos + " ns");
            }
            b.timeout(Duration.ofNanos(timeoutNanos));
        }
        return b.build();
    }

    private Duration peerTimeout() {
        return Duration.ofNanos(peerTimeoutNanos);
    }

    private Duration connectTimeout() {
        return Duration.ofNanos(connectTimeoutNanos);
    }

    /** The same options as command-line arguments, for the nodes a launcher starts. */
    List<String> asArguments() {
        List<String> a = new ArrayList<>(List.of("--job", job, "--P", Integer.toString(processors),
                "--n", Long.toString(n), "--rounds", Integer.toString(rounds), "--policy", policy,
                "--load", Integer.toString(load),
                "--L", logp.latency + "ns", "--o", logp.overhead + "ns", "--g", logp.gap + "ns",
                "--clock", logp.clock, "--latency", recording.sampling.toString(),
                "--peer-timeout", peerTimeoutNanos + "ns", "--connect-timeout", connectTimeoutNanos + "ns",
                "--term-length", Integer.toString(termLength)));
        if (timeoutNanos != null) {
            a.addAll(List.of("--timeout", timeoutNanos + "ns"));
        }
        return a;
    }
}
