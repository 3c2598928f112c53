package org.logplab.balance.policy;

import java.util.List;

/** The built-in policies by name, with their default parameters. */
public final class Policies {
    /** The names {@link #parse} knows, in the order the CLI lists them. */
    public static final List<String> NAMES = List.of("none", "light", "heavy", "bidirectional", "stealing");

    private Policies() {
    }

    /** The built-in policy called {@code name}. */
    public static Policy parse(String name) {
        return switch (name.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "none" -> new NoBalancing();
            case "light" -> new LightNodeRequest();
            case "heavy" -> new HeavyNodeRequest();
            case "bidirectional" -> new Bidirectional();
            case "stealing" -> new RandomStealing();
            default -> throw new IllegalArgumentException("unknown policy '" + name + "': use one of "
                    + String.join(", ", NAMES) + " (or forkjoin in the CLI)");
        };
    }
}
