package org.logplab.bench.archfixture.b;

import org.logplab.bench.archfixture.a.PointsToB;

/** Half of a deliberate package cycle, for the test that shows the cycle rule can fail. */
public final class PointsToA {
    /** The other half. */
    public PointsToB other;
}
