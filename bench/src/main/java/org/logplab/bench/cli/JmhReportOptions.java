package org.logplab.bench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The parameter of {@code logplab jmh-report}: the JMH result file. */
final class JmhReportOptions {

    @Parameters(index = "0", paramLabel = "FILE", description = "JMH results written with -rf json.")
    Path file;
}
