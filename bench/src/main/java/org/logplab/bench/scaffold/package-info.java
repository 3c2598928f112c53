/**
 * What {@code logplab new} writes: a Maven project of one's own on LogP Lab, from templates kept
 * as resources beside these classes ({@code template/}): a POM that depends on {@code logplab-core}
 * and, for tests, {@code logplab-testkit} at this build's version (and on JUnit, AssertJ and the
 * plugins at the versions this build pins, {@code versions.properties}), one program with its
 * analysis and its exact prediction, one test that checks the prediction on the model clock, and a
 * README. The name, the package and the folder are checked before anything is written; a problem
 * is an {@link IllegalArgumentException} in words (exit 2).
 */
package org.logplab.bench.scaffold;
