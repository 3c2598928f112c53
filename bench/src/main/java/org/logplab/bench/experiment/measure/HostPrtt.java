package org.logplab.bench.experiment.measure;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.logplab.bench.experiment.WallTolerance;
import org.logplab.bench.output.Progress;
import org.logplab.core.LogP;
import org.logplab.core.measure.LogPEstimator;

/**
 * LogP parameters of the in-process runtime recovered by the PRTT estimator: the host's baseline
 * (nothing injected) and, when delays are injected, what the estimator recovers with them, so
 * that the two can be read side by side. Wall clock, 2 processors, ns.
 */
public final class HostPrtt {
    /** The parameters of a run with nothing injected: 2 processors, every delay 0. */
    public static final LogP NOTHING_INJECTED = LogP.of(0, 0, 0, 2);

    /**
     * A zero-injection one-way time above this, ns, means the two measuring threads did not each
     * have a core (an idle host takes well under 5 us): other processes compete for the cores.
     */
    private static final double BUSY_ONE_WAY_NANOS = 50_000;

    /**
     * What was recovered.
     *
     * @param baseline the estimate with nothing injected
     * @param injected the injected parameters, ns, or null when nothing was injected
     * @param withInjected the estimate with {@code injected}, or null when nothing was injected
     */
    public record Estimates(LogPEstimator.Estimate baseline, LogP injected, LogPEstimator.Estimate withInjected) {
    }

    private HostPrtt() {
    }

    /**
     * The warning when a measured one-way time, {@code oneWayNanos}, exceeds what was injected,
     * {@code injectedNanos}, by more than an idle host ever takes: other processes compete for the
     * cores. It gives the load average ({@link WallTolerance#loadAverage()}) where it can be read,
     * as the wall-clock commands' warnings do. Empty when the time looks like an idle host's.
     *
     * @param what the time, in words, e.g. {@code 8-byte ping-pong one-way time}
     */
    public static Optional<String> busyHost(String what, double oneWayNanos, double injectedNanos) {
        if (oneWayNanos - injectedNanos <= BUSY_ONE_WAY_NANOS) {
            return Optional.empty();
        }
        Double load = WallTolerance.loadAverage();
        return Optional.of(String.format(Locale.ROOT, "warning: the host looked busy: the %s is %,.0f ns%s, where an"
                + " idle host takes under %,.0f ns: other processes compete for the cores (%s), and the figures measure"
                + " the scheduler", what, oneWayNanos, injectedNanos > 0 ? String.format(Locale.ROOT,
                " with %,.0f ns injected", injectedNanos) : "", BUSY_ONE_WAY_NANOS, load == null
                ? "load average unknown" : String.format(Locale.ROOT, "load average %.2f over the last minute on %d"
                + " cores", load, WallTolerance.cores())));
    }

    /**
     * Measures the baseline, then, unless {@code injected} is null, the runtime with those delays:
     * one step of {@code steps} each. A baseline one-way time that shows competing processes is
     * said to {@code notes} as a warning.
     */
    public static Estimates measure(PrttSettings settings, LogP injected, Progress steps, Consumer<String> notes) {
        steps.step("measuring the host baseline (zero injection)");
        LogPEstimator.Estimate base = settings.estimate(NOTHING_INJECTED);
        busyHost("zero-injection one-way time", base.prtt1() / 2, 0).ifPresent(notes);
        if (injected == null) {
            return new Estimates(base, null, null);
        }
        steps.step("measuring with injected L=" + injected.L() + " ns, o=" + injected.o() + " ns, g=" + injected.g()
                + " ns");
        return new Estimates(base, injected, settings.estimate(injected));
    }
}
