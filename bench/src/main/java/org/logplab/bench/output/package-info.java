/**
 * What the commands print: a command's {@link org.logplab.bench.output.Row}s rendered once by
 * {@link org.logplab.bench.output.Output} as an aligned text table, JSON Lines or CSV; values
 * for people ({@link org.logplab.bench.output.Cells}: the one format of durations, parameters and
 * numbers); and {@link org.logplab.bench.output.Progress} on standard error. JSON field names are
 * a contract with users' scripts: added to, never renamed or dropped.
 */
package org.logplab.bench.output;
