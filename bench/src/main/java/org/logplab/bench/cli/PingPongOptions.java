package org.logplab.bench.cli;

import java.util.List;
import org.logplab.bench.experiment.measure.PingPongSweep;
import picocli.CommandLine.Option;

/** The options of {@code logplab pingpong}: the message sizes, the round trips per size and the transport. */
final class PingPongOptions {
    @Option(names = "--sizes", split = ",", converter = SizeConverter.class,
            defaultValue = "8,64,1k,16k,256k,1M", description = "Message sizes (default 8,64,1k,16k,256k,1M).")
    List<Integer> sizes;

    @Option(names = "--reps", defaultValue = "2000", description = "Round trips per size after warm-up (default 2000).")
    int reps;

    @Option(names = "--transport", defaultValue = PingPongSweep.IN_PROCESS,
            description = "inprocess (the runtime's channels, default), aeron-ipc or aeron-udp (loopback), embedded"
                    + " media driver.")
    String transport;

    /** Whether the runtime's in-process channels are measured (else Aeron's two paths). */
    boolean inProcess() {
        return transport.equals(PingPongSweep.IN_PROCESS);
    }

    /** The steps of the sweep: one per size, and per path over Aeron. */
    long steps() {
        return (inProcess() ? 1L : 2L) * sizes.size();
    }
}
