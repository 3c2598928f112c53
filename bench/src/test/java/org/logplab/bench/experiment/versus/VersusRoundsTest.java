package org.logplab.bench.experiment.versus;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.bench.output.Progress;
import org.logplab.core.LatencySampling;

/** The medians of {@code versus} and the shape of its cases. */
class VersusRoundsTest {

    @Test
    void theMedianLeavesOutWhatASideDidNotMeasure() {
        assertThat(VersusRounds.median(new double[] {3, Double.NaN, 1, 2})).isEqualTo(2);
        assertThat(VersusRounds.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
        assertThat(VersusRounds.median(new double[] {Double.NaN})).isNaN();
    }

    @Test
    void roundsInWhichAThreadSharedItsCoreAreLeftOutUnlessEveryRoundWasOne() {
        VersusCase pingPong = new VersusCase(MessagePath.Test.PINGPONG, 0);
        double[] ours = {100, 900, 110, 120};
        double[] floor = {80, 700, 90, 85};
        double[] mpi = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        // Round 2 (900 / 700 ns) had a thread off its core: the medians are of 100, 110, 120 and 80, 90, 85.
        VersusRounds.Medians m = VersusRounds.medians(pingPong, ours, floor, mpi, mpi,
                new boolean[] {false, true, false, false});
        assertThat(m.ours()).isEqualTo(110);
        assertThat(m.floor()).isEqualTo(85);
        assertThat(m.mpi()).isNaN();
        assertThat(m.sharedRounds()).isEqualTo(1);
        assertThat(m.allShared()).isFalse();
        // Every round shared: nothing is left out (medians of 100, 110, 120, 900: 115), and it is said.
        VersusRounds.Medians all = VersusRounds.medians(pingPong, ours, floor, mpi, mpi, new boolean[] {true, true,
            true, true});
        assertThat(all.ours()).isEqualTo(115);
        assertThat(all.sharedRounds()).isEqualTo(4);
        assertThat(all.allShared()).isTrue();
    }

    @Test
    void anExchangeMovesItsBlockAndTheOthersOneValue() {
        VersusCase exchange = new VersusCase(MessagePath.Test.EXCHANGE_COPY, 20);
        assertThat(exchange.sizeBytes()).isEqualTo(16L << 20);
        assertThat(exchange.points()).isEqualTo(1 << 20);
        assertThat(exchange.operations()).isEqualTo(16); // 2^27 bytes a block of ours, at least 16
        assertThat(exchange.mpiTest()).isEqualTo("exchange");
        VersusCase stream = new VersusCase(MessagePath.Test.STREAM, 0);
        assertThat(stream.sizeBytes()).isEqualTo(8);
        assertThat(stream.operations()).isEqualTo(2_000_000);
        assertThat(stream.mpiTest()).isEqualTo("stream");
    }

    @Test
    void aTimeIsWholeFromAHundredNanosecondsOnAndARatioHasTwoDecimals() {
        assertThat(VersusRows.fixed(1234.5)).isEqualTo(String.format("%,.0f", 1234.5));
        assertThat(VersusRows.fixed(42.25)).isEqualTo(String.format("%.1f", 42.25));
        assertThat(VersusRows.fixed(null)).isEqualTo("-");
        assertThat(VersusRows.ratio(Double.POSITIVE_INFINITY)).isEqualTo("-");
        assertThat(VersusRows.ratio(1.5)).isEqualTo(String.format("%.2fx", 1.5));
    }

    @Test
    void aPeerThatCannotRunHasNoFigureRatherThanZero(@TempDir Path noPeer) throws Exception {
        // An empty folder holds no peer script: the first round's peer fails, and no later round runs it.
        List<String> notes = new ArrayList<>();
        VersusRounds.Outcome o = VersusRounds.run(List.of(new VersusCase(MessagePath.Test.PINGPONG, 0)), 2,
                LatencySampling.OFF, false, Optional.of(noPeer), Optional.of(noPeer), List.of(), Progress.silent(),
                notes::add);
        VersusRounds.Medians m = o.medians().get(0);
        assertThat(m.ours()).isPositive();
        assertThat(m.mpi()).isNaN();
        assertThat(m.mpj()).isNaN();
        assertThat(o.mpiVersion()).isNull();
        assertThat(o.mpjVersion()).isNull();
        assertThat(notes).hasSize(2);
        assertThat(notes.get(0)).startsWith("Open MPI peer failed").contains("no bench/peers/mpi/run.sh");
        assertThat(notes.get(1)).startsWith("MPJ Express peer failed").contains("no bench/peers/mpj/run.sh");
    }

    @Test
    void aPeerThatIsNotInstalledSaysWhatToInstallOnceAndIsLeftOut(@TempDir Path root) throws Exception {
        // A stand-in for bench/peers/mpj/run.sh that says what the real one says without MPJ Express.
        Path script = root.resolve("bench/peers/mpj/run.sh");
        Files.createDirectories(script.getParent());
        Files.writeString(script, "#!/bin/sh\necho 'run.sh: MPJ Express is not installed; on Debian or Ubuntu install"
                + " it with: apt-get install libmpj-java' >&2\nexit 3\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> notes = new ArrayList<>();
        VersusRounds.Outcome o = VersusRounds.run(List.of(new VersusCase(MessagePath.Test.PINGPONG, 0)), 2,
                LatencySampling.OFF, false, Optional.empty(), Optional.of(root), List.of(), Progress.silent(),
                notes::add);
        assertThat(o.medians().get(0).mpj()).isNaN();
        assertThat(o.mpjVersion()).isNull();
        assertThat(notes).containsExactly("MPJ Express peer skipped: run.sh: MPJ Express is not installed; on Debian"
                + " or Ubuntu install it with: apt-get install libmpj-java");
    }

    @Test
    void aPeerThatRanGivesItsMedianOverTheRoundsAndItsVersion(@TempDir Path root) throws Exception {
        // A stand-in that measures 1,000 ns a round trip in every round: the median of 1,000 and 1,000 is 1,000.
        Path script = root.resolve("bench/peers/mpj/run.sh");
        Files.createDirectories(script.getParent());
        Files.writeString(script, "#!/bin/sh\necho '{\"mpi_version\":\"MPJ Express 0.44 (multicore)\",\"test\":"
                + "\"pingpong\",\"size_bytes\":8,\"rounds\":1,\"iterations\":10,\"median_ns\":1000,\"min_ns\":1000,"
                + "\"max_ns\":1000}'\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> notes = new ArrayList<>();
        VersusRounds.Outcome o = VersusRounds.run(List.of(new VersusCase(MessagePath.Test.PINGPONG, 0)), 2,
                LatencySampling.OFF, false, Optional.empty(), Optional.of(root), List.of(), Progress.silent(),
                notes::add);
        assertThat(o.medians().get(0).mpj()).isEqualTo(1000.0);
        assertThat(o.mpjVersion()).isEqualTo("MPJ Express 0.44 (multicore)");
        assertThat(notes).isEmpty();
    }
}
