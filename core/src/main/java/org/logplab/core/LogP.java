package org.logplab.core;

/**
 * The parameters of a LogP machine (Culler et al. 1993), with the optional LogGP per-byte gap {@code G}.
 *
 * <p>All times are integers in the unit of the clock a run uses: <b>model units</b> under
 * {@link ClockKind#MODEL} and <b>nanoseconds</b> under {@link ClockKind#WALL}. The model rules that
 * these parameters drive are stated in {@link Processor}.
 *
 * <ul>
 *   <li>{@code L} latency: upper bound on the network transit of one message;</li>
 *   <li>{@code o} overhead: time a processor is busy sending or receiving one message;</li>
 *   <li>{@code g} gap: minimum interval between consecutive send starts, and between consecutive
 *       receive starts, at one processor;</li>
 *   <li>{@code P} number of processors, ranks {@code 0..P-1};</li>
 *   <li>{@code G} gap per byte (LogGP): a message of {@code m} bytes keeps its sender busy for
 *       {@code o + (m-1)G}; zero means plain LogP.</li>
 * </ul>
 *
 * <p>Immutable and validated on construction: a negative time or {@code P < 1} is rejected with an
 * {@link IllegalArgumentException} that names the field.
 *
 * @param L latency, in clock units (model units or nanoseconds)
 * @param o overhead, in clock units
 * @param g gap, in clock units
 * @param P number of processors, at least 1
 * @param G gap per byte, in clock units per byte
 */
public record LogP(long L, long o, long g, int P, long G) {

    public LogP {
        requireNonNegative("L", L);
        requireNonNegative("o", o);
        requireNonNegative("g", g);
        requireNonNegative("G", G);
        if (P < 1) {
            throw new IllegalArgumentException("P must be at least 1 (number of processors), got " + P);
        }
    }

    /** Plain LogP parameters ({@code G = 0}). */
    public static LogP of(long L, long o, long g, int P) {
        return new LogP(L, o, g, P, 0);
    }

    /** The same parameters with a different processor count. */
    public LogP withP(int processors) {
        return new LogP(L, o, g, processors, G);
    }

    /** The same parameters with a per-byte gap. */
    public LogP withG(long gapPerByte) {
        return new LogP(L, o, g, P, gapPerByte);
    }

    /** {@code L + 2o}: the time from a send's start to the end of its receive when nothing waits. */
    public long messageTime() {
        return L + 2 * o;
    }

    /** {@code max(g, o)}: the least interval between consecutive send starts at one processor. */
    public long sendInterval() {
        return Math.max(g, o);
    }

    /** Time the sender is busy with a message of {@code bytes} bytes: {@code o + max(bytes-1, 0) * G}. */
    public long sendBusy(int bytes) {
        return o + Math.max(bytes - 1L, 0L) * G;
    }

    private static void requireNonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must not be negative, got " + value);
        }
    }

    @Override
    public String toString() {
        return "LogP[L=" + L + ", o=" + o + ", g=" + g + ", P=" + P + (G == 0 ? "" : ", G=" + G) + "]";
    }
}
