package org.logplab.bench.experiment.versus;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.logplab.bench.peers.MpiRound;

/**
 * One MPI peer's side of {@code logplab versus} ({@link MpiRound.Peer}): its figure for each case
 * and round, ns per operation (NaN for a round it did not run), and the library that ran. After a
 * round in which the peer is missing or fails (said in the notes), later rounds leave it out.
 */
final class PeerRounds {
    private final MpiRound.Peer peer;
    private final Map<VersusCase, double[]> figures = new LinkedHashMap<>();
    private Optional<Path> root;
    private String version;

    /** The peer's side for {@code rounds} rounds of {@code cases}; an empty {@code root} leaves it out. */
    PeerRounds(MpiRound.Peer peer, Optional<Path> root, List<VersusCase> cases, int rounds) {
        this.peer = peer;
        this.root = root;
        for (VersusCase c : cases) {
            double[] unmeasured = new double[rounds];
            Arrays.fill(unmeasured, Double.NaN); // a round the peer did not run has no figure, not 0
            figures.put(c, unmeasured);
        }
    }

    /** Runs round {@code r} of the cases of {@code group} (one test) on the peer, unless it is left out. */
    void round(List<VersusCase> group, int r, List<Integer> exchangeLog2, Consumer<String> notes) {
        if (root.isEmpty()) {
            return;
        }
        List<MpiRound.Operation> operations = group.stream()
                .map(c -> new MpiRound.Operation(c.mpiTest(), c.sizeBytes())).toList();
        Optional<MpiRound.Figures> measured = MpiRound.run(peer, root.get(), operations, exchangeLog2, notes);
        if (measured.isEmpty()) {
            root = Optional.empty();
            return;
        }
        for (int i = 0; i < group.size(); i++) {
            figures.get(group.get(i))[r] = measured.get().nanos()[i];
        }
        version = measured.get().version();
    }

    /** The figures of {@code c} by round, ns per operation; NaN in a round the peer did not measure. */
    double[] figures(VersusCase c) {
        return figures.get(c);
    }

    /** The library that ran, or null when the peer measured nothing. */
    String version() {
        return version;
    }
}
