/**
 * The {@code logplab} command line ({@link org.logplab.bench.cli.LogPlabCli}): one picocli
 * subcommand per capability (measure the host, run collectives beside their exact predictions,
 * summation, gossip, k-tree, FFT, load balancing, runs split over processes, the demo report),
 * with the options, limits, output formats (a table, JSON Lines or CSV) and exit codes they share.
 * The algorithms themselves live in the core, fft and balance modules; the commands only run and
 * report them.
 */
package org.logplab.bench.cli;
