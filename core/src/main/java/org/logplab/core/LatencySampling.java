package org.logplab.core;

import java.util.Locale;

/**
 * Which message latencies a run records in its histogram ({@link RunResult#latency()}): every
 * message, one in {@code every}, or none. The sender decides, by its own count of sends: its 1st,
 * {@code (every+1)}th, {@code (2 every+1)}th ... message is recorded when it is received, so the
 * sample is the same on every run of the same program, under either clock.
 *
 * <p><b>Why sample.</b> Under the wall clock a recorded message costs two clock reads (about
 * 25 ns each on a current x86 host) and a histogram update, as much as the channel operation
 * itself. With nothing injected ({@code L = o = g = G = 0}) and no trace, a message that is not
 * recorded is not time-stamped at all: its {@link Message#sendStart()} and
 * {@link Message#arrival()} are {@link Message#UNSTAMPED}. The model clock stamps every message
 * (its stamps cost nothing) and samples only the histogram.
 *
 * @param every record one message in {@code every} (1: all), a power of two; 0 records none
 */
public record LatencySampling(int every) {
    /** Every message's latency is recorded (the default). */
    public static final LatencySampling ALL = new LatencySampling(1);
    /** No latency is recorded. */
    public static final LatencySampling OFF = new LatencySampling(0);
    /** One message in {@value #SAMPLED_EVERY} is recorded: {@code --latency sampled}. */
    public static final LatencySampling SAMPLED = new LatencySampling(LatencySampling.SAMPLED_EVERY);
    /** The rate of {@link #SAMPLED}. */
    public static final int SAMPLED_EVERY = 64;

    public LatencySampling {
        if (every < 0 || (every > 0 && Integer.bitCount(every) != 1)) {
            throw new IllegalArgumentException("latency sampling records one message in 'every', a power of two "
                    + "(1 for all) or 0 for none; got " + every);
        }
    }

    /**
     * Parses {@code all}, {@code sampled}, {@code off}, or {@code 1/N} with {@code N} a power of two.
     *
     * @throws IllegalArgumentException naming the accepted forms
     */
    public static LatencySampling parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        switch (t) {
            case "all":
                return ALL;
            case "sampled":
                return SAMPLED;
            case "off":
            case "none":
                return OFF;
            default:
                break;
        }
        if (t.startsWith("1/")) {
            try {
                return new LatencySampling(Integer.parseInt(t.substring(2)));
            } catch (IllegalArgumentException e) {
                // not a number, or not a power of two: reported below with every accepted form
            }
        }
        throw new IllegalArgumentException("latency recording must be all, sampled (1 message in " + SAMPLED_EVERY
                + "), off, or 1/N with N a power of two; got '" + text + "'");
    }

    /** Whether any latency is recorded. */
    public boolean records() {
        return every > 0;
    }

    /** The fraction of messages recorded, {@code 1/every} (0 when off). */
    public double rate() {
        return every == 0 ? 0 : 1.0 / every;
    }

    /** For output beside a histogram: {@code all messages}, {@code 1 in 64 messages (sampled)} or {@code off}. */
    public String describe() {
        return every == 0 ? "off" : every == 1 ? "all messages" : "1 in " + every + " messages (sampled)";
    }

    /** The command-line form: {@code all}, {@code sampled}, {@code off} or {@code 1/N}. */
    @Override
    public String toString() {
        return every == 0 ? "off" : every == 1 ? "all" : every == SAMPLED_EVERY ? "sampled" : "1/" + every;
    }
}
