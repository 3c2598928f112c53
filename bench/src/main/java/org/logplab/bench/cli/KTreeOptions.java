package org.logplab.bench.cli;

import java.util.List;
import picocli.CommandLine.Option;

/** The options of {@code logplab ktree}. */
final class KTreeOptions {

    @Option(names = "--m", split = ",", required = true, paramLabel = "M",
            description = "Numbers of messages, a comma list; A..B for a range (each >= 1).")
    List<String> messages;

    @Option(names = "--n", split = ",", required = true, paramLabel = "N",
            description = "Numbers of processors, the source included, as for --m (each >= 1).")
    List<String> processors;

    @Option(names = "--k", split = ",", required = true, paramLabel = "K",
            description = "Ports per processor, as for --m (each >= 1).")
    List<String> ports;
}
