package org.logplab.bench.archfixture.a;

import org.logplab.bench.archfixture.b.PointsToA;

/** Half of a deliberate package cycle, for the test that shows the cycle rule can fail. */
public final class PointsToB {
    /** The other half. */
    public PointsToA other;
}
