package org.logplab.core.collective.gossip;

import java.util.List;

/**
 * A gossip schedule for the H* square mesh of Wang and Ying: it drives an {@link HStarMesh} step by
 * step until every node holds all {@code n^2} messages. The mesh checks every step, so an
 * algorithm cannot claim a time it did not achieve.
 *
 * <pre>{@code
 * HStarMesh mesh = new HStarMesh(8);
 * int steps = GossipAlgorithm.byName("improved").run(mesh);
 * assert mesh.allHoldEverything() && steps == mesh.steps();
 * }</pre>
 *
 * <p>Implementations are stateless and thread-safe; each {@link #run} keeps its state on its own stack.
 */
public sealed interface GossipAlgorithm permits SeedGossip, ImprovedGossip {

    /** The name the command line uses: {@code seed} or {@code improved}. */
    String name();

    /**
     * Feeds the whole schedule for a mesh of side {@code mesh.n()} into {@code mesh}, which must be
     * fresh (no step taken), and returns the number of timesteps.
     *
     * @throws IllegalStateException if a step breaks the H* rules (a bug in the algorithm)
     */
    int run(HStarMesh mesh);

    /** Every algorithm, seed first. */
    static List<GossipAlgorithm> all() {
        return List.of(new SeedGossip(), new ImprovedGossip());
    }

    /**
     * The algorithm called {@code name}.
     *
     * @throws IllegalArgumentException for an unknown name
     */
    static GossipAlgorithm byName(String name) {
        for (GossipAlgorithm a : all()) {
            if (a.name().equals(name)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown gossip algorithm '" + name + "'; known: seed, improved");
    }

    /**
     * Theorem 1 of Wang and Ying: no schedule finishes in fewer than {@code (n^2 + n) / 2} timesteps
     * (always an integer).
     */
    static int lowerBound(int n) {
        return (n * n + n) / 2;
    }

    /** The seed's total {@code S_sum = (n^2 + 3n - 4) / 2} (always an integer), which {@link SeedGossip} meets exactly.
     * */
    static int seedSteps(int n) {
        return (n * n + 3 * n - 4) / 2;
    }
}
