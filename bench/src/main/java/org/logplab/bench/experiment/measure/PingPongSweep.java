package org.logplab.bench.experiment.measure;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Progress;
import org.logplab.core.LogP;
import org.logplab.core.measure.PingPong;
import org.logplab.net.AeronPingPong;
import org.logplab.net.ClusterPingPong;

/**
 * Ping-pong over message sizes on the wall clock, after unrecorded round trips (a fifth as many,
 * at least 100): on the in-process runtime with injected delays, or over Aeron through an
 * embedded media driver two ways, the transport's own path ({@link AeronPingPong}) and the
 * cluster's whole path between two nodes ({@link ClusterPingPong}).
 */
public final class PingPongSweep {
    /** The transport name of the runtime's own in-process channels, and the path name of their rows. */
    public static final String IN_PROCESS = "inprocess";

    /**
     * One-way times per size, in the order of the sizes.
     *
     * @param direct the runtime's in-process channels, or Aeron's own path
     * @param cluster between two cluster nodes over Aeron; empty in process
     */
    public record Result(List<PingPong.Result> direct, List<PingPong.Result> cluster) {
    }

    private PingPongSweep() {
    }

    /**
     * Refuses sizes whose buffers do not fit the heap (each side keeps two buffers of the size)
     * and a sweep estimated beyond {@code maxNanos}: every round trip is two messages of at least
     * {@link Limits#oneWayNanos} (the injected delays or a thread hand-over, and the copy).
     *
     * @param twoPaths whether each size is measured twice (over Aeron: the transport's path, then the cluster's)
     */
    public static void refuseWhatCannotRun(List<Integer> sizes, int reps, LogP delays, boolean twoPaths,
            long maxNanos) {
        long largest = sizes.stream().mapToLong(Integer::longValue).max().orElse(0);
        Limits.heap(Limits.heapForArrays(4.0 * largest), String.format("pingpong of %,d-byte messages (two buffers of"
                + " that size on each side)", largest));
        int warmup = warmup(reps);
        double total = 0;
        for (int size : sizes) {
            total += ((double) warmup + reps) * 2 * Limits.oneWayNanos(delays, size);
        }
        if (twoPaths) {
            total *= 2;
        }
        Limits.time(total, maxNanos, String.format("%,d round trips per size after %,d unrecorded, each at least two"
                + " hand-overs of %.0f ns and two copies of the message at about %.0f GB/s", reps, warmup,
                Limits.HANDOFF_NANOS, 1 / Limits.COPY_NANOS_PER_BYTE));
    }

    /**
     * The in-process runtime with {@code delays} (ns) injected: a step of {@code steps} per size.
     * Says to {@code notes} when the two threads outnumber the cores, and when the smallest
     * message's median one-way time shows a busy host ({@link HostPrtt#busyHost}).
     */
    public static Result inProcess(LogP delays, List<Integer> sizes, int reps, Progress steps, Consumer<String> notes) {
        WallTolerance.oversubscription(delays.P()).ifPresent(notes);
        notes.accept("warming up the JIT...");
        PingPong.warmUpJit();
        List<PingPong.Result> results = new ArrayList<>();
        for (int size : sizes) {
            steps.step("ping-pong with " + size + "-byte messages");
            results.add(PingPong.run(delays, size, warmup(reps), reps));
        }
        results.stream().min(Comparator.comparingInt(PingPong.Result::bytes)).ifPresent(smallest -> HostPrtt.busyHost(
                smallest.bytes() + "-byte median one-way time", smallest.medianOneWayNanos(),
                delays.L() + 2.0 * delays.o() + (double) smallest.bytes() * delays.G()).ifPresent(notes));
        return new Result(results, List.of());
    }

    /**
     * Aeron over {@code medium}, named {@code transport} in the steps: the transport's own path
     * for every size, then the cluster's; a step of {@code steps} per size and path.
     */
    public static Result aeron(AeronPingPong.Medium medium, String transport, List<Integer> sizes, int reps,
            Progress steps) throws IOException, InterruptedException {
        int[] s = sizes.stream().mapToInt(Integer::intValue).toArray();
        PingPong.Result[] direct = AeronPingPong.run(medium, s, warmup(reps), reps,
                i -> steps.step(transport + ", the transport's own path (embedded media driver): " + s[i]
                        + "-byte messages"));
        PingPong.Result[] cluster = ClusterPingPong.run(medium, s, warmup(reps), reps,
                i -> steps.step(transport + ", between two cluster nodes (codec, chunks, reassembly, delivery): " + s[i]
                        + "-byte messages"));
        return new Result(List.of(direct), List.of(cluster));
    }

    private static int warmup(int reps) {
        return Math.max(100, reps / 5);
    }
}
