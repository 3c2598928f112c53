/**
 * The {@code logplab} command line, and nothing else: {@link org.logplab.bench.cli.LogPlabCli}
 * with one picocli command per capability ({@code XxxCommand}), each with its own options in a
 * mixin ({@code XxxOptions}) and the option groups several commands share ({@code LogPOptions},
 * {@code LatencyOptions}, {@code TimeLimitOptions}, ...). A command reads its options, calls the
 * work in the package named for it ({@code experiment}, {@code demo}, {@code cluster},
 * {@code jmh}, ...) and adds the rows it gets to its output; no command calls another, and
 * nothing outside this package refers to it.
 *
 * <p>Exit codes: 0 success, 1 a failed check or run, 2 bad input (see
 * {@link org.logplab.bench.cli.LogPlabCli}).
 */
package org.logplab.bench.cli;
