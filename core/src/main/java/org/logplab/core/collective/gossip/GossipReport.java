package org.logplab.core.collective.gossip;

/**
 * One gossip run on the H* mesh of Wang and Ying, as the command line prints it.
 *
 * <pre>{@code
 * GossipReport r = GossipReport.run(8, "improved");
 * System.out.println(r.steps() + " steps, bound " + r.lowerBound() + ", seed " + r.seedSteps());
 * }</pre>
 *
 * @param n the side of the mesh
 * @param algo the algorithm's name, {@code seed} or {@code improved}
 * @param steps the timesteps the schedule took, each checked by {@link HStarMesh}
 * @param lowerBound {@code (n^2 + n)/2}, Theorem 1 of the seed
 * @param seedSteps {@code (n^2 + 3n - 4)/2}, the seed's count for its own algorithm
 * @param ok every node ended holding all {@code n^2} messages (an H* violation throws instead)
 */
public record GossipReport(int n, String algo, int steps, int lowerBound, int seedSteps, boolean ok) {

    /**
     * Runs algorithm {@code algo} on a fresh {@code n x n} mesh. Thread-safe. Takes about
     * {@code n^4} work: milliseconds up to n = 16, seconds at n = 64.
     *
     * @throws IllegalArgumentException for an unknown algorithm or {@code n} outside {@code 2..}{@value
     * HStarMesh#MAX_N}
     */
    public static GossipReport run(int n, String algo) {
        GossipAlgorithm algorithm = GossipAlgorithm.byName(algo);
        HStarMesh mesh = new HStarMesh(n);
        int steps = algorithm.run(mesh);
        return new GossipReport(n, algorithm.name(), steps, GossipAlgorithm.lowerBound(n),
                GossipAlgorithm.seedSteps(n), mesh.allHoldEverything());
    }

    /** {@code steps / lowerBound}: 1 is optimal. */
    public double ratioToBound() {
        return steps / (double) lowerBound;
    }
}
