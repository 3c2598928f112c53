/**
 * Runs of the collectives as {@code logplab collective}, {@code summation}, {@code gossip},
 * {@code ktree} and {@code scale} print them, and as the demo reports them: each algorithm beside
 * its exact prediction (model units under the model clock, where they must be equal; nanoseconds
 * under the wall clock, judged by {@link org.logplab.bench.experiment.WallTolerance}), the
 * baselines they are set against (a binary-tree broadcast, a naive reduce), and the model clock's
 * cost per processor at millions of processors.
 */
package org.logplab.bench.experiment.collective;
