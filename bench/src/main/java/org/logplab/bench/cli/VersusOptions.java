package org.logplab.bench.cli;

import java.util.ArrayList;
import java.util.List;
import org.logplab.bench.experiment.versus.MessagePath.Test;
import org.logplab.bench.experiment.versus.VersusCase;
import org.logplab.core.LatencySampling;
import picocli.CommandLine.Option;

/**
 * The options of {@code logplab versus}: the peers, the tests, the rounds, the exchanges' block sizes
 * and the latency recording.
 */
final class VersusOptions {

    @Option(names = "--peers", split = ",", defaultValue = "jctools,mpi,mpj",
            description = "Peers to run beside ours: jctools, mpi (Open MPI), mpj (MPJ Express); default all.")
    List<String> peers;

    @Option(names = "--tests", split = ",", defaultValue = "pingpong,stream,bcast,allreduce,exchange,exchange-copy",
            description = "pingpong, stream, bcast, allreduce, exchange (blocks handed over), exchange-copy (each rank "
                    + "keeps its block and sends a copy); default all.")
    List<String> tests;

    @Option(names = "--rounds", defaultValue = "7", description = "Rounds, each side once per round (default 7).")
    int rounds;

    @Option(names = "--exchange-log2", split = ",", defaultValue = "10,14,18,19,20",
            description = "Block sizes of the exchanges, log2 of the complex points (16 bytes each);"
                    + " default 10,14,18,19,20.")
    List<Integer> exchangeLog2;

    // Sampled by default, unlike the other commands: every recorded message costs two clock reads,
    // as much as the channel operation itself, and would distort the throughput compared here.
    @Option(names = "--latency", converter = LatencyOptions.Converter.class, defaultValue = "sampled",
            paramLabel = "all|sampled|off|1/N", description = LatencyOptions.CHOICES + " Default sampled.")
    LatencySampling sampling;

    /**
     * The cases to run, a test at each block size for the exchanges; refuses rounds beyond
     * 1..1000, unknown peers, block sizes beyond 1..24 and unknown tests.
     */
    List<VersusCase> cases() {
        if (rounds < 1 || rounds > 1000) {
            throw new IllegalArgumentException("--rounds must be 1..1000, got " + rounds);
        }
        for (String peer : peers) {
            if (!List.of("jctools", "mpi", "mpj").contains(peer)) {
                throw new IllegalArgumentException("--peers takes jctools, mpi and mpj, got '" + peer + "'");
            }
        }
        for (int k : exchangeLog2) {
            if (k < 1 || k > 24) {
                throw new IllegalArgumentException("--exchange-log2 values must be 1..24 (2 to 16 M points), got " + k);
            }
        }
        List<VersusCase> cases = new ArrayList<>();
        for (String t : tests) {
            Test test = Test.parse(t);
            if (test.hasBlock()) {
                exchangeLog2.forEach(k -> cases.add(new VersusCase(test, k)));
            } else {
                cases.add(new VersusCase(test, 0));
            }
        }
        return cases;
    }

    /** Whether the JCTools floor runs. */
    boolean floor() {
        return peers.contains("jctools");
    }

    /** Whether the Open MPI peer runs. */
    boolean mpi() {
        return peers.contains("mpi");
    }

    /** Whether the MPJ Express peer runs. */
    boolean mpj() {
        return peers.contains("mpj");
    }

    /** The sides that run: ours and each peer asked for. */
    int sides() {
        return 1 + (floor() ? 1 : 0) + (mpi() ? 1 : 0) + (mpj() ? 1 : 0);
    }
}
