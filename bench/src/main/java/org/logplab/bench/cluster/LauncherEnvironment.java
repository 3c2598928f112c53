package org.logplab.bench.cluster;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which process of a parallel job this is, as the job's launcher tells it through the
 * environment: {@code logplab node} started by {@code mpirun} or {@code srun} takes its node index
 * and the node count from here instead of {@code --node}.
 *
 * <p>The pairs of variables are read in the order of {@link #PAIRS}: Open MPI's
 * {@code OMPI_COMM_WORLD_RANK}/{@code OMPI_COMM_WORLD_SIZE}, then the PMI/Hydra
 * {@code PMI_RANK}/{@code PMI_SIZE} of MPICH (and of {@code srun --mpi=pmi2}), then Slurm's
 * {@code SLURM_PROCID}/{@code SLURM_NTASKS}. MPI launchers come first because a launcher running
 * inside a Slurm allocation leaves Slurm's variables describing its own daemons, not the ranks.
 * The first pair whose rank variable is set decides: both must be set and be integers, with
 * {@code 0 <= rank < size}; anything else is an error naming the variable. A size without its rank
 * (a Slurm allocation's shell outside {@code srun}) does not count.
 *
 * @param rank this process's index, from 0
 * @param size how many processes the launcher started
 * @param rankVariable the variable the rank came from
 * @param sizeVariable the variable the size came from
 */
public record LauncherEnvironment(int rank, int size, String rankVariable, String sizeVariable) {

    /**
     * A launcher's pair of variables.
     *
     * @param launcher who sets them, for messages
     * @param rank the variable with this process's index
     * @param size the variable with the number of processes
     */
    public record Pair(String launcher, String rank, String size) {
    }

    /** The pairs looked for, in order. */
    public static final List<Pair> PAIRS = List.of(
            new Pair("Open MPI", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"),
            new Pair("MPICH (PMI/Hydra)", "PMI_RANK", "PMI_SIZE"),
            new Pair("Slurm", "SLURM_PROCID", "SLURM_NTASKS"));

    /**
     * The launcher's rank and size in {@code environment} ({@code System.getenv()}), or empty if
     * no launcher's rank variable is set.
     *
     * @throws IllegalArgumentException naming the variable, if the first pair found is incomplete,
     *     not numeric, or has a rank outside {@code 0..size-1}
     */
    public static Optional<LauncherEnvironment> read(Map<String, String> environment) {
        for (Pair p : PAIRS) {
            String rank = environment.get(p.rank());
            if (rank == null) {
                continue;
            }
            String size = environment.get(p.size());
            if (size == null) {
                throw new IllegalArgumentException(p.rank() + " is set (" + p.launcher() + ") but " + p.size()
                        + " is not: cannot tell how many processes the launcher started");
            }
            int r = integer(p.rank(), rank);
            int n = integer(p.size(), size);
            if (n < 1) {
                throw new IllegalArgumentException(p.size() + " must be at least 1, got " + n);
            }
            if (r < 0 || r >= n) {
                throw new IllegalArgumentException(p.rank() + " = " + r + " is outside 0.." + (n - 1) + " (" + p.size()
                        + " = " + n + ")");
            }
            return Optional.of(new LauncherEnvironment(r, n, p.rank(), p.size()));
        }
        return Optional.empty();
    }

    private static int integer(String variable, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(variable + " is '" + value + "', not an integer");
        }
    }

    /**
     * This process's node index in a list of {@code nodes} nodes; the launcher must have started
     * exactly that many processes.
     *
     * @param listedBy what gave the list, for the message ({@code "--peers-file peers.txt lists"})
     * @throws IllegalArgumentException naming both counts if they differ
     */
    public int nodeIndex(int nodes, String listedBy) {
        if (size != nodes) {
            throw new IllegalArgumentException(sizeVariable + " says " + size + " process" + (size == 1 ? "" : "es")
                    + " but "
                    + listedBy + " " + nodes
                    + " node" + (nodes == 1 ? "" : "s") + ": start one process per node");
        }
        return rank;
    }

    /**
     * The error for a node given neither {@code --node} nor a launcher's variables, listing the
     * variables looked for.
     */
    public static IllegalArgumentException missing() {
        StringBuilder b = new StringBuilder("no --node given and no launcher's rank in the environment (looked for ");
        for (int i = 0; i < PAIRS.size(); i++) {
            Pair p = PAIRS.get(i);
            b.append(i == 0 ? "" : i == PAIRS.size() - 1 ? " and " : ", ").append(p.rank()).append('/').append(p.size())
                    .append(" of ").append(p.launcher());
        }
        return new IllegalArgumentException(b.append("): give --node I, or start the nodes with mpirun or srun")
                .toString());
    }
}
