package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The launcher's rank and size, read from hand-written environments. */
class LauncherEnvironmentTest {

    @Test
    void readsEachLaunchersPair() {
        assertThat(LauncherEnvironment.read(Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "2")))
                .contains(new LauncherEnvironment(1, 2, "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"));
        assertThat(LauncherEnvironment.read(Map.of("PMI_RANK", "0", "PMI_SIZE", "3")))
                .contains(new LauncherEnvironment(0, 3, "PMI_RANK", "PMI_SIZE"));
        assertThat(LauncherEnvironment.read(Map.of("SLURM_PROCID", "7", "SLURM_NTASKS", "8", "HOME", "/root")))
                .contains(new LauncherEnvironment(7, 8, "SLURM_PROCID", "SLURM_NTASKS"));
    }

    @Test
    void nothingSetIsEmptyAndASizeAloneDoesNotCount() {
        assertThat(LauncherEnvironment.read(Map.of())).isEmpty();
        assertThat(LauncherEnvironment.read(Map.of("PATH", "/usr/bin"))).isEmpty();
        // A Slurm allocation's shell: a task count, but this process is no task.
        assertThat(LauncherEnvironment.read(Map.of("SLURM_NTASKS", "4"))).isEmpty();
    }

    @Test
    void mpiLaunchersComeBeforeSlurmsAndOpenMpiBeforePmi() {
        // mpirun inside a Slurm allocation: Slurm's variables describe mpirun's daemons.
        Map<String, String> both = Map.of("OMPI_COMM_WORLD_RANK", "3", "OMPI_COMM_WORLD_SIZE", "4",
                "SLURM_PROCID", "0", "SLURM_NTASKS", "1");
        assertThat(LauncherEnvironment.read(both).map(LauncherEnvironment::rank)).contains(3);
        Map<String, String> hydraInSlurm = Map.of("PMI_RANK", "5", "PMI_SIZE", "6", "SLURM_PROCID", "1", "SLURM_NTASKS",
                "2");
        assertThat(LauncherEnvironment.read(hydraInSlurm)).contains(new LauncherEnvironment(5, 6, "PMI_RANK",
                "PMI_SIZE"));
        Map<String, String> all = Map.of("OMPI_COMM_WORLD_RANK", "0", "OMPI_COMM_WORLD_SIZE", "2", "PMI_RANK", "1",
                "PMI_SIZE", "2");
        assertThat(LauncherEnvironment.read(all).map(LauncherEnvironment::rankVariable))
                .contains("OMPI_COMM_WORLD_RANK");
        assertThat(LauncherEnvironment.PAIRS).extracting(LauncherEnvironment.Pair::rank)
                .containsExactly("OMPI_COMM_WORLD_RANK", "PMI_RANK", "SLURM_PROCID");
    }

    @Test
    void badValuesAreRefusedNamingTheVariable() {
        assertThatThrownBy(() -> LauncherEnvironment.read(Map.of("OMPI_COMM_WORLD_RANK", "0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("OMPI_COMM_WORLD_RANK is set")
                .hasMessageContaining("OMPI_COMM_WORLD_SIZE is not");
        // An incomplete first pair is an error even when a later pair is complete: the environment is not what it
        // seems.
        assertThatThrownBy(() -> LauncherEnvironment.read(Map.of("PMI_RANK", "1", "SLURM_PROCID", "1", "SLURM_NTASKS",
                "2")))
                .hasMessageContaining("PMI_SIZE is not");
        assertThatThrownBy(() -> LauncherEnvironment.read(Map.of("SLURM_PROCID", "one", "SLURM_NTASKS", "2")))
                .hasMessageContaining("SLURM_PROCID is 'one', not an integer");
        assertThatThrownBy(() -> LauncherEnvironment.read(Map.of("PMI_RANK", "0", "PMI_SIZE", "2.5")))
                .hasMessageContaining("PMI_SIZE is '2.5', not an integer");
        assertThatThrownBy(() -> LauncherEnvironment.read(Map.of("PMI_RANK", "2", "PMI_SIZE", "2")))
                .hasMessageContaining("PMI_RANK = 2 is outside 0..1");
        assertThatThrownBy(() -> LauncherEnvironment.read(Map.of("PMI_RANK", "-1", "PMI_SIZE", "2")))
                .hasMessageContaining("PMI_RANK = -1 is outside 0..1");
        assertThatThrownBy(() -> LauncherEnvironment.read(Map.of("SLURM_PROCID", "0", "SLURM_NTASKS", "0")))
                .hasMessageContaining("SLURM_NTASKS must be at least 1, got 0");
    }

    @Test
    void theLaunchersCountMustBeThePeerListsNamingBoth() {
        LauncherEnvironment three = LauncherEnvironment.read(Map.of("OMPI_COMM_WORLD_RANK", "2", "OMPI_COMM_WORLD_SIZE",
                "3"))
                .orElseThrow();
        assertThat(three.nodeIndex(3, "--peers-file F lists")).isEqualTo(2);
        assertThatThrownBy(() -> three.nodeIndex(2, "--peers-file F lists"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("OMPI_COMM_WORLD_SIZE says 3 processes but --peers-file F lists 2 nodes");
        Optional<LauncherEnvironment> one = LauncherEnvironment.read(Map.of("SLURM_PROCID", "0", "SLURM_NTASKS", "1"));
        assertThatThrownBy(() -> one.orElseThrow().nodeIndex(4, "--ipc-nodes gives"))
                .hasMessageStartingWith("SLURM_NTASKS says 1 process but --ipc-nodes gives 4 nodes");
    }

    @Test
    void theMissingErrorListsEveryVariableLookedFor() {
        assertThat(LauncherEnvironment.missing().getMessage())
                .contains("no --node given")
                .contains("OMPI_COMM_WORLD_RANK/OMPI_COMM_WORLD_SIZE", "PMI_RANK/PMI_SIZE",
                "SLURM_PROCID/SLURM_NTASKS");
    }
}
