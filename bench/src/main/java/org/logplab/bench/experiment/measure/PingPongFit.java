package org.logplab.bench.experiment.measure;

import java.util.List;
import org.logplab.core.measure.HockneyFit;
import org.logplab.core.measure.PingPong;

/** The Hockney fit {@code t(m) = t0 + m / r_inf} through the median one-way times of a ping-pong over sizes. */
public final class PingPongFit {
    private PingPongFit() {
    }

    /** The fit through {@code results}' medians (ns over bytes), or null with fewer than two distinct sizes. */
    public static HockneyFit of(List<PingPong.Result> results) {
        double[] x = results.stream().mapToDouble(PingPong.Result::bytes).toArray();
        double[] y = results.stream().mapToDouble(PingPong.Result::medianOneWayNanos).toArray();
        return results.stream().map(PingPong.Result::bytes).distinct().count() >= 2 ? HockneyFit.fit(x, y) : null;
    }
}
