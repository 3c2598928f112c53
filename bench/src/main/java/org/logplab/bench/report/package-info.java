/**
 * Results rendered for people: the demo's self-contained HTML report ({@link
 * org.logplab.bench.report.HtmlReport}) with its charts and headline findings, and the text that
 * commands print beside their rows (table columns, legends, verdicts and views such as the balance
 * sweep's policy-by-load table). It reads rows and experiment results; it runs nothing.
 */
package org.logplab.bench.report;
