/**
 * The {@code logplab} command line and nothing else: {@link org.logplab.bench.cli.LogPlabCli} with
 * one picocli command per capability ({@code XxxCommand}), each with its own options in a mixin
 * ({@code XxxOptions}, which also turns them into domain values or refuses bad ones) beside the
 * mixins several commands share ({@code InjectedDelayOptions}, {@code LogPOptions},
 * {@code TimeLimitOptions}, ...). A command reads its options, calls the work in the package named
 * for it ({@code experiment}, {@code jmh}, {@code peers}, ...) and adds what it gets to its output;
 * no command calls another, and no other package refers to this one. Exit codes: 0 success, 1 a
 * failed check or run, 2 bad input ({@link org.logplab.bench.cli.LogPlabCli}).
 */
package org.logplab.bench.cli;
