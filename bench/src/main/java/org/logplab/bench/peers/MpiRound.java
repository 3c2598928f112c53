package org.logplab.bench.peers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One round of an MPI peer ({@link Peer}: Open MPI, {@link MpiPeer}, or MPJ Express, {@link MpjPeer})
 * in an alternating comparison: one run of the peer that measures each asked operation once, in
 * nanoseconds per operation. When the peer is missing or fails, it says why and the comparison goes
 * on without it.
 */
public final class MpiRound {
    /** How long one round may take. */
    private static final Duration TIMEOUT = Duration.ofMinutes(3);

    /** A peer that runs the MPI tests and prints their JSON Lines ({@link MpiPeer#parse}). */
    public enum Peer {
        /** Open MPI on 2 ranks of this host ({@code bench/peers/mpi}). */
        OPEN_MPI("Open MPI", MpiPeer.SCRIPT),
        /** MPJ Express on 2 ranks of its multicore device ({@code bench/peers/mpj}). */
        MPJ_EXPRESS("MPJ Express", MpjPeer.SCRIPT);

        private final String label;
        private final String script;

        Peer(String label, String script) {
            this.label = label;
            this.script = script;
        }

        /** Its name for people, e.g. {@code Open MPI}. */
        public String label() {
            return label;
        }

        private PeerResult<MpiPeer.Measurement> run(Path root, List<String> args) {
            return this == OPEN_MPI ? MpiPeer.run(root, args, TIMEOUT) : MpjPeer.run(root, args, TIMEOUT);
        }

        private Optional<Path> findProjectRoot() {
            return this == OPEN_MPI ? MpiPeer.findProjectRoot() : MpjPeer.findProjectRoot();
        }
    }

    /**
     * An operation asked of the peer.
     *
     * @param test the peer's test name: {@code pingpong}, {@code stream}, {@code bcast}, {@code allreduce} or
     *     {@code exchange}
     * @param sizeBytes the bytes it moves
     */
    public record Operation(String test, long sizeBytes) {
    }

    /**
     * What a round measured.
     *
     * @param nanos ns per operation for each operation asked, in that order; NaN where the peer measured none
     * @param version the peer's MPI library (the peer's name when it did not say)
     */
    public record Figures(double[] nanos, String version) {
    }

    private MpiRound() {
    }

    /** The project folder holding the Open MPI peer's script, or empty, said to {@code notes}, when there is none. */
    public static Optional<Path> root(Consumer<String> notes) {
        return root(Peer.OPEN_MPI, notes);
    }

    /** The project folder holding {@code peer}'s script, or empty, said to {@code notes}, when there is none. */
    public static Optional<Path> root(Peer peer, Consumer<String> notes) {
        Optional<Path> root = peer.findProjectRoot();
        if (root.isEmpty()) {
            notes.accept(peer.label() + " peer skipped: cannot find the project folder holding " + peer.script
                    + " (run from the project, or set LOGPLAB_HOME)");
        }
        return root;
    }

    /**
     * Runs one round of {@code operations} on Open MPI; the exchanges with blocks of {@code 2^k}
     * points for each k of {@code exchangeLog2}.
     *
     * @return the figures, or empty when the peer is not installed or failed (said to {@code notes})
     */
    public static Optional<Figures> run(Path root, List<Operation> operations, List<Integer> exchangeLog2,
            Consumer<String> notes) {
        return run(Peer.OPEN_MPI, root, operations, exchangeLog2, notes);
    }

    /** As {@link #run(Path, List, List, Consumer)}, on {@code peer}. */
    public static Optional<Figures> run(Peer peer, Path root, List<Operation> operations, List<Integer> exchangeLog2,
            Consumer<String> notes) {
        List<String> tests = operations.stream().map(Operation::test).distinct().toList();
        List<String> args = new ArrayList<>(List.of("--rounds", "1", "--tests", String.join(",", tests)));
        if (tests.contains("exchange")) {
            args.addAll(List.of("--exchange-log2", String.join(",", exchangeLog2.stream().map(String::valueOf)
                    .toList())));
        }
        PeerResult<MpiPeer.Measurement> result = peer.run(root, args);
        switch (result) {
            case PeerResult.Unavailable<MpiPeer.Measurement> u -> {
                notes.accept(peer.label() + " peer skipped: " + u.message());
                return Optional.empty();
            }
            case PeerResult.Failed<MpiPeer.Measurement> f -> {
                notes.accept(peer.label() + " peer failed (" + f.reason() + "); shown without it. " + f.stderrTail());
                return Optional.empty();
            }
            case PeerResult.Measured<MpiPeer.Measurement> m -> {
                double[] nanos = new double[operations.size()];
                Arrays.fill(nanos, Double.NaN);
                String version = null;
                for (int i = 0; i < operations.size(); i++) {
                    Operation op = operations.get(i);
                    for (MpiPeer.Measurement x : m.measurements()) {
                        if (x.test().equals(op.test()) && x.sizeBytes() == op.sizeBytes()) {
                            nanos[i] = x.medianNs();
                            version = x.mpiVersion();
                        }
                    }
                }
                return Optional.of(new Figures(nanos, version == null ? peer.label() : version));
            }
        }
    }
}
