package org.logplab.bench.experiment.measure;

import org.logplab.bench.limits.Limits;
import org.logplab.bench.output.Cells;
import org.logplab.core.LogP;

/**
 * The heap and the least time of a PRTT measurement ({@link HostPrtt}, {@link TransportPrtt}),
 * refused before it starts when either is beyond what is allowed (an
 * {@link IllegalArgumentException}, exit 2).
 */
public final class PrttCost {
    private PrttCost() {
    }

    /**
     * Refuses a message size whose buffers do not fit the heap and a measurement estimated beyond
     * {@code maxNanos}: each repetition of the PRTT estimator (and as many as a quarter more
     * unrecorded) takes PRTT(1,0) and PRTT(n,0) twice and PRTT(n,d) once, with d at least
     * PRTT(1,0); every round trip is at least 2 max(L + 2o, a thread hand-over) with the injected
     * parameters, and n messages add (n - 1) max(g, o): at least
     * (n + 5) 2 (L + 2o) + 2 (n - 1) max(g, o) a repetition. Beside a transport, each round trip of
     * the ping-pong behind the Hockney fit copies its message (up to 1 MiB) twice.
     *
     * @param delays the injected parameters, ns
     * @param pingPongReps round trips per size of the transport's ping-pong; 0 without a transport
     * @param maxNanos the time limit ({@code --max-time}), ns
     */
    public static void refuse(PrttSettings settings, LogP delays, int pingPongReps, long maxNanos) {
        int size = settings.bytes();
        int reps = settings.reps();
        int burst = settings.burst();
        // The estimator keeps four samples a repetition and two more for each warm-up and recorded one.
        Limits.heap(Limits.heapForArrays(4.0 * size + 8.0 * (4.0 * reps + 2.0 * (reps + Math.max(3, reps / 4)))),
                String.format("measure with %,d-byte messages and %,d repetitions", size, reps));
        double roundTrip = 2.0 * Limits.oneWayNanos(delays, size);
        double perRep = (burst + 5) * roundTrip + 2.0 * (burst - 1) * Math.max(delays.g(), delays.o());
        double total = ((double) reps + Math.max(3, reps / 4)) * perRep;
        total += 2.0 * 1.2 * pingPongReps * 2 * ((1 << 20) + 65536) * Limits.COPY_NANOS_PER_BYTE;
        Limits.time(total, maxNanos, String.format("%,d PRTT repetitions (and %,d unrecorded) of at least %s each with"
                + " the injected delays", reps, Math.max(3, reps / 4), Cells.duration(perRep)));
    }
}
