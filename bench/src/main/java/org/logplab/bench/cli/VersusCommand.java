package org.logplab.bench.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.logplab.bench.experiment.versus.VersusCase;
import org.logplab.bench.experiment.versus.VersusRounds;
import org.logplab.bench.experiment.versus.VersusRows;
import org.logplab.bench.output.Progress;
import org.logplab.bench.peers.MpiRound;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab versus}: the runtime's message path beside its floor and its peer, measured in
 * alternation in one invocation ({@link VersusRounds}): ping-pong, streaming, broadcast and
 * all-reduce of one 8-byte value and the exchange of FFT blocks on 2 processors of a machine that
 * stays up (wall clock, nothing injected), against JCTools' plain SPSC queue between two threads
 * (the floor), Open MPI on 2 ranks of this host (shared memory; {@code bench/peers/mpi}) and MPJ
 * Express on 2 ranks of its multicore device ({@code bench/peers/mpj}). One test at a time, each
 * round runs every side once; the figures are medians over the rounds, so that a host whose speed
 * drifts slows every side alike. Without Open MPI or MPJ Express it says how to install it and
 * shows the rest.
 *
 * <p>JSON Lines, one object per test and size: {@code test}, {@code size_bytes}, {@code rounds},
 * {@code latency}, {@code ours_ns}, {@code floor_ns}, {@code ours_per_floor}, {@code mpi_ns},
 * {@code mpi_per_ours} (ns per operation; ratios {@code null} where a side does not run the
 * test), {@code ours_messages_per_s} and {@code mpi_messages_per_s} for {@code stream},
 * {@code mpi_version}, {@code mpj_ns}, {@code mpj_per_ours}, {@code mpj_messages_per_s} for
 * {@code stream}, {@code mpj_version}.
 */
@Command(name = "versus",
        header = "The message path beside JCTools (the floor), Open MPI and MPJ Express, in alternation.",
        description = {
            "Ping-pong, streaming, broadcast, all-reduce and block exchange on 2 processors of a machine",
            "that stays up, beside JCTools' SPSC queue, Open MPI (bench/peers/mpi) and MPJ Express",
            "(bench/peers/mpj) on the same host, alternating round by round; medians over the rounds and",
            "their ratios."})
final class VersusCommand extends RowsCommand {

    @Mixin
    VersusOptions options;

    @Mixin
    TimeLimitOptions timeLimit;

    @Override
    int execute() throws Exception {
        List<VersusCase> cases = options.cases();
        VersusRounds.refuseWhatCannotRun(cases, options.exchangeLog2, options.sides(), options.rounds,
                timeLimit.maxNanos);
        warnIfOversubscribed(2);
        Optional<Path> mpiRoot = options.mpi() ? MpiRound.root(this::note) : Optional.empty();
        Optional<Path> mpjRoot = options.mpj() ? MpiRound.root(MpiRound.Peer.MPJ_EXPRESS, this::note)
                : Optional.empty();
        VersusRounds.Outcome outcome;
        try (Progress steps = progress("versus", VersusRounds.steps(cases, options.rounds))) {
            outcome = VersusRounds.run(cases, options.rounds, options.sampling, options.floor(), mpiRoot, mpjRoot,
                    options.exchangeLog2, steps, this::note);
        }
        VersusRows.print(output(), outcome, options.rounds, options.sampling);
        return 0;
    }
}
