package org.logplab.bench.cli;

import java.util.List;
import picocli.CommandLine.Option;

/** The options of {@code logplab streams}: senders, messages, their size, Aeron's term length and the rounds. */
final class StreamsOptions {

    @Option(names = "--senders", split = ",", defaultValue = "1,2,4", description = "Sending threads (default 1,2,4).")
    List<Integer> senders;

    @Option(names = "--messages", defaultValue = "200000", description = "Messages per sender (default 200000).")
    int messages;

    @Option(names = "--size", converter = SizeConverter.class, defaultValue = "64",
            description = "Message size (default 64).")
    int size;

    @Option(names = "--term-length", converter = SizeConverter.class, defaultValue = "16M",
            description = "Aeron term length (default 16M, as the cluster uses).")
    int termLength;

    @Option(names = "--reps", defaultValue = "3",
            description = "Rounds over the layouts, in rotating order; the median is shown (default 3).")
    int reps;

    /** Refuses counts below one. */
    void check() {
        if (reps < 1 || messages < 1 || senders.stream().anyMatch(n -> n < 1)) {
            throw new IllegalArgumentException("need senders >= 1, --messages >= 1 and --reps >= 1, got --senders "
                    + senders + " --messages " + messages + " --reps " + reps);
        }
    }

    /** The most sending threads of one run. */
    int mostSenders() {
        return senders.stream().mapToInt(Integer::intValue).max().orElse(1);
    }
}
