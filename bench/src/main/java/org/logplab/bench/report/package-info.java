/**
 * The self-contained HTML report of a tour ({@link org.logplab.bench.report.HtmlReport}): sections
 * of tables with the JSON behind each, PNG plots ({@link org.logplab.bench.report.LineChart}) and
 * the findings shown first ({@link org.logplab.bench.report.Headline}).
 */
package org.logplab.bench.report;
