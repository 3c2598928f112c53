package org.logplab.core.measure;

import org.HdrHistogram.Histogram;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.ThreadKind;

/**
 * Ping-pong on the wall clock (Hockney's measurement, as in the 2009 modelling-contest paper):
 * rank 0 sends {@code bytes} to rank 1, which sends them back; one-way time = round trip / 2. The
 * receiver of each message copies its payload into a buffer of its own, as a shared-memory MPI
 * transport does, so that the size of a message costs what moving it costs (the runtime itself
 * hands a payload over by reference). Each side keeps two buffers, since a sent one belongs to
 * the receiver.
 *
 * <p>The first round trips of a fresh JVM run interpreted code and are several times slower (3 us
 * instead of 0.4 us one-way on a 2-core VM); the warm-up round trips of one call are too few to
 * hide that, so call {@link #warmUpJit()} once before measuring.
 *
 * <pre>{@code
 * PingPong.warmUpJit();
 * PingPong.Result r = PingPong.run(LogP.of(0, 0, 0, 2), 1024, 2_000, 20_000);
 * r.medianOneWayNanos();
 * }</pre>
 */
public final class PingPong {
    private PingPong() {
    }

    /**
     * One-way times of a ping-pong.
     *
     * @param bytes message size in bytes
     * @param oneWayNanos histogram of round trip / 2 per repetition, ns
     */
    public record Result(int bytes, Histogram oneWayNanos) {
        /** Median one-way time, ns. */
        public long medianOneWayNanos() {
            return oneWayNanos.getValueAtPercentile(50);
        }

        /** Fastest one-way time, ns. */
        public long minOneWayNanos() {
            return oneWayNanos.getMinValue();
        }
    }

    /**
     * Runs the wall-clock send, receive and wait paths (24,000 small round trips, some 50 ms)
     * until the JIT has compiled them, so that later measurements in this JVM see compiled code.
     */
    public static void warmUpJit() {
        run(LogP.of(1_000, 500, 500, 2), 8, 4_000, 1);
        run(LogP.of(0, 0, 0, 2), 8, 20_000, 1);
    }

    /**
     * Runs {@code warmup + reps} round trips of {@code bytes}-byte messages with the injected
     * parameters (ns; {@code P} is ignored: a ping-pong has 2 processors) and records the last
     * {@code reps}.
     */
    public static Result run(LogP injected, int bytes, int warmup, int reps) {
        if (bytes < 0 || warmup < 0 || reps < 1) {
            throw new IllegalArgumentException("need bytes >= 0, warmup >= 0, reps >= 1; got " + bytes + ", " + warmup
                    + ", " + reps);
        }
        Histogram oneWay = new Histogram(3);
        RunConfig config = RunConfig.builder(injected.withP(2)).clock(ClockKind.WALL).threads(ThreadKind.PLATFORM)
                .build();
        Machine.run(config, p -> {
            // Two buffers a side: a sent buffer belongs to the receiver, so each side copies what it
            // receives into a buffer it still owns, sends that, and keeps the received one as its spare.
            byte[] mine = new byte[bytes];
            byte[] spare = new byte[bytes];
            int peer = 1 - p.rank();
            for (int i = 0; i < warmup + reps; i++) {
                if (p.rank() == 0) {
                    long start = p.now();
                    p.send(peer, 0, mine);
                    byte[] in = (byte[]) p.recv(peer).payload();
                    System.arraycopy(in, 0, spare, 0, bytes);
                    mine = spare;
                    spare = in;
                    if (i >= warmup) {
                        oneWay.recordValue((p.now() - start) / 2);
                    }
                } else {
                    byte[] in = (byte[]) p.recv(peer).payload();
                    System.arraycopy(in, 0, mine, 0, bytes);
                    p.send(peer, 0, mine);
                    mine = spare;
                    spare = in;
                }
            }
        });
        return new Result(bytes, oneWay);
    }
}
