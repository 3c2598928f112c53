package org.logplab.bench.cli;

import java.util.List;
import org.logplab.core.collective.gossip.HStarMesh;
import picocli.CommandLine.Option;

/** The options of {@code logplab gossip}. */
final class GossipOptions {

    @Option(names = "--n", split = ",", required = true, paramLabel = "N",
            description = "Mesh sides, a comma list; A..B for a range (each 2.." + HStarMesh.MAX_N + ").")
    List<String> sides;

    @Option(names = "--algo", split = ",", defaultValue = "seed,improved",
            description = "seed, improved or both (default seed,improved).")
    List<String> algos;
}
