/**
 * The picocli layer of the {@code logplab} command line: {@link org.logplab.bench.cli.LogPlabCli}
 * and one {@code XxxCommand} per subcommand, each meant to be thin (its options, the call of the
 * work, the rows and lines it adds to its output), with its own options in a mixin named
 * {@code XxxOptions} that also turns them into domain values or refuses bad ones with an
 * {@link java.lang.IllegalArgumentException} naming the option (exit 2), and the mixins commands
 * share (the clock and LogP parameters, the time limit, injected delays, latency sampling, cluster
 * runs) with their converters. The work itself (experiments, cost estimates, rows, rendering)
 * belongs in the packages named for it, which take what they need from a command as parameters.
 */
package org.logplab.bench.cli;
