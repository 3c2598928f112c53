package org.logplab.goal.sim;

import org.logplab.goal.GoalException;

/**
 * The parameters of the LogGOPS model as LogGOPSim takes them, in its units (model units, which
 * LogGOPSim calls nanoseconds; sizes in bytes): latency {@code L}, overhead per message {@code o},
 * gap per message {@code g}, gap per byte {@code G}, overhead per byte {@code O}, and {@code S},
 * the largest message sent eagerly (larger ones wait for their receive: rendezvous).
 *
 * <p>A send costs its CPU {@code o + (s-1)O} and its NIC {@code g + (s-1)G}; its first byte
 * arrives {@code o + L} after it starts; the arrival costs the receiver's CPU
 * {@code o + max((s-1)O, (s-1)G)} and its NIC {@code g + (s-1)G}. Each is 0..2^31-1, the values
 * LogGOPSim's command line takes (a C {@code int} each).
 */
public record LogGopsParams(long L, long o, long g, long G, long O, long S) {
    /** LogGOPSim's defaults: {@code L=2500 o=1500 g=1000 G=6 O=0 S=65535}. */
    public static final LogGopsParams DEFAULTS = new LogGopsParams(2500, 1500, 1000, 6, 0, 65535);

    /** Refuses a parameter outside LogGOPSim's range, naming it. */
    public LogGopsParams {
        check("L", L, Integer.MAX_VALUE);
        check("o", o, Integer.MAX_VALUE);
        check("g", g, Integer.MAX_VALUE);
        check("G", G, Integer.MAX_VALUE);
        check("O", O, Integer.MAX_VALUE);
        check("S", S, Integer.MAX_VALUE);
    }

    private static void check(String name, long value, long max) {
        if (value < 0 || value > max) {
            throw new GoalException(name + " must be 0.." + max + " (LogGOPSim's range), got " + value);
        }
    }

    @Override
    public String toString() {
        return "L=" + L + " o=" + o + " g=" + g + " G=" + G + " O=" + O + " S=" + S;
    }
}
