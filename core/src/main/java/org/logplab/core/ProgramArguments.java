package org.logplab.core;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A program's sizes given as {@code NAME=NUMBER} arguments ({@code logplab run Sort.java --P 8 --
 * keys=64}), read over their defaults. A program takes them in its {@code String[]} constructor:
 *
 * <pre>{@code
 * public Sort(String[] args) {
 *     Map<String, Integer> sizes = ProgramArguments.parse(args, Map.of("keys", 16, "seed", 1));
 *     keys = sizes.get("keys");
 * }
 * }</pre>
 *
 * An argument that is not {@code NAME=NUMBER}, names no default, or whose number is not an
 * {@code int} is refused with an {@link IllegalArgumentException} that names it and the names
 * there are. Stateless; any thread.
 */
public final class ProgramArguments {
    private ProgramArguments() {
    }

    /**
     * The values of {@code args} over {@code defaults}: every default's name, with the value the
     * last argument naming it gives, or the default. Unmodifiable, sorted by name.
     */
    public static Map<String, Integer> parse(String[] args, Map<String, Integer> defaults) {
        Map<String, Integer> values = new TreeMap<>(defaults);
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 0 || !defaults.containsKey(arg.substring(0, eq))) {
                throw new IllegalArgumentException("unknown argument " + arg
                        + ": expected NAME=NUMBER with NAME one of " + values.keySet());
            }
            try {
                values.put(arg.substring(0, eq), Integer.parseInt(arg.substring(eq + 1).strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("argument " + arg + ": " + arg.substring(eq + 1)
                        + " is not a whole number (an int)", e);
            }
        }
        return Collections.unmodifiableMap(values);
    }
}
