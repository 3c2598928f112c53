package org.logplab.balance.policy;

import java.util.List;

/** The built-in policies by name, with their default parameters. */
public final class Policies {
    /** The names {@link #parse} knows, in the order the CLI lists them. */
    public static final List<String> NAMES = List.of("none", "light", "heavy", "bidirectional", "stealing", "adaptive");

    private Policies() {
    }

    /**
     * The parameters of the built-in policies: the light fraction and probe limit of {@code light},
     * the heavy fraction of {@code heavy}, the threshold {@code Mk} of {@code bidirectional}.
     */
    public record Parameters(double lightFraction, int probeLimit, double heavyFraction, int mk) {
        /** The defaults: 0.5, 0 (every heavy member), 1.5, 2. */
        public static final Parameters DEFAULTS = new Parameters(0.5, 0, 1.5, 2);
    }

    /** The built-in policy called {@code name} with the default parameters. */
    public static BalancingPolicy parse(String name) {
        return parse(name, Parameters.DEFAULTS);
    }

    /** The built-in policy called {@code name} with {@code p}'s parameters. */
    public static BalancingPolicy parse(String name, Parameters p) {
        return switch (name.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "none" -> new NoBalancingPolicy();
            case "light" -> new LightRequestPolicy(p.lightFraction(), p.probeLimit());
            case "heavy" -> new HeavyRequestPolicy(p.heavyFraction());
            case "bidirectional" -> new BidirectionalPolicy(p.mk());
            case "stealing" -> new StealingPolicy();
            case "adaptive" -> new AdaptivePolicy();
            default -> throw new IllegalArgumentException("unknown policy '" + name + "': use one of "
                    + String.join(", ", NAMES) + " (or forkjoin in the CLI)");
        };
    }
}
