package org.logplab.bench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options of {@code logplab demo}. */
final class DemoOptions {

    @Option(names = "--out", description = "Report folder (default reports/<yyyyMMdd-HHmmss>).")
    Path outDir;

    @Option(names = "--quick", description = "A shorter tour (fewer repetitions), for CI.")
    boolean quick;
}
