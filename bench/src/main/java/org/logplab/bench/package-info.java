/**
 * The bench module: everything a user runs rather than links against. Its packages, from the
 * command line inwards:
 * <ul>
 *   <li>{@code cli}: the {@code logplab} command line, picocli commands and their option mixins
 *       only; each command reads its options, calls the work in one of the packages below and
 *       prints its rows;</li>
 *   <li>{@code demo}: the tour {@code logplab demo} runs and its findings;</li>
 *   <li>{@code experiment}: the runs and rows that the commands and the demo share, and the
 *       wall-clock verdict they are judged by;</li>
 *   <li>{@code cluster}, {@code peers}, {@code jmh}: runs across processes and hosts, the measured
 *       peers (Open MPI, MPJ Express, FFTW), the JMH suites and their reports;</li>
 *   <li>{@code limits}: refusals, before any work, of runs the heap or the time limit cannot hold;</li>
 *   <li>{@code output}, {@code report}: tables, JSON Lines, CSV and progress for the terminal;
 *       the HTML report with its plots.</li>
 * </ul>
 * This package itself holds the facts every run reports: the build ({@link BuildInfo}), the JVM
 * flags it needs ({@link JvmFlags}) and where results come from ({@link Provenance}).
 */
package org.logplab.bench;
