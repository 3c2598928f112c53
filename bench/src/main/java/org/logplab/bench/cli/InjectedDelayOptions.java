package org.logplab.bench.cli;

import org.logplab.core.LogP;
import org.logplab.net.AeronPingPong;
import picocli.CommandLine.Option;

/**
 * The wall-clock LogP parameters a command injects, as picocli options {@code --L --o --g --G}
 * with units ({@code 50us}, {@code 10ms}, a bare number is ns); all default to 0. Mix it into a
 * command with {@code @Mixin}.
 */
final class InjectedDelayOptions {

    @Option(names = "--L", converter = DurationNanosConverter.Delay.class,
            description = "Injected latency (e.g. 50us; default 0).")
    long latency;

    @Option(names = "--o", converter = DurationNanosConverter.Delay.class,
            description = "Injected overhead (e.g. 10us; default 0).")
    long overhead;

    @Option(names = "--g", converter = DurationNanosConverter.Delay.class,
            description = "Injected gap (e.g. 20us; default 0).")
    long gap;

    @Option(names = "--G", converter = DurationNanosConverter.Delay.class,
            description = "Injected gap per byte (default 0).")
    long gapPerByte;

    /** The parameters for {@code processors} processors, in ns. */
    LogP toLogP(int processors) {
        return new LogP(latency, overhead, gap, processors, gapPerByte);
    }

    /** Whether anything is injected. */
    boolean any() {
        return latency > 0 || overhead > 0 || gap > 0 || gapPerByte > 0;
    }

    /**
     * The Aeron medium of {@code transport} ({@code aeron-ipc} or {@code aeron-udp}); refuses
     * another transport, and injected delays, which only the in-process runtime takes.
     */
    AeronPingPong.Medium aeronMedium(String transport) {
        AeronPingPong.Medium medium = AeronPingPong.Medium.parse(transport);
        if (any()) {
            throw new IllegalArgumentException("--L --o --g --G inject delays into the in-process runtime only, not"
                    + " into " + transport);
        }
        return medium;
    }
}
