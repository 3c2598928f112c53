package org.logplab.core.collective.broadcast;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.logplab.core.LogP;

/**
 * Picks the fastest broadcast for given costs and group by exact prediction, and says why: the
 * seed papers' question "which multicast for this machine?" answered by their own models.
 *
 * <pre>{@code
 * BroadcastChoice c = BroadcastChoice.choose(LogP.of(6, 2, 4, 32), 32, 0, 8);
 * c.chosen().broadcast(p, group, payload);   // on every processor
 * System.out.println(c.reason());
 * }</pre>
 *
 * <p>Candidates, in order of preference on ties: binomial (uniform halving), Fibonacci, optimal.
 * The optimal tree is never slower (Theorem 1), so the others are chosen only when they tie it,
 * as the simpler trees. Predictions are model units for the given costs.
 *
 * @param chosen the broadcast to run
 * @param predicted each candidate's predicted model time, by name, in preference order
 * @param reason one sentence naming the choice and the numbers that decided it
 */
public record BroadcastChoice(Broadcast chosen, Map<String, Long> predicted, String reason) {

    /** The candidates, in preference order for ties. */
    static List<Broadcast> candidates(int bytes) {
        return List.of(new BinomialMulticast(), new FibonacciMulticast(), new OptimalBroadcast(bytes));
    }

    /** The fastest candidate for a group of {@code size} with the source at {@code sourceIndex}. */
    public static BroadcastChoice choose(LogP params, int size, int sourceIndex, int bytes) {
        Map<String, Long> predicted = new LinkedHashMap<>();
        Broadcast best = null;
        long bestTime = Long.MAX_VALUE;
        for (Broadcast b : candidates(bytes)) {
            long t = b.predict(params, size, sourceIndex, bytes);
            predicted.put(b.name(), t);
            if (t < bestTime) {
                best = b;
                bestTime = t;
            }
        }
        StringBuilder why = new StringBuilder(best.name()).append(": predicted ").append(bestTime);
        StringBuilder ties = new StringBuilder();
        StringBuilder slower = new StringBuilder();
        for (Map.Entry<String, Long> e : predicted.entrySet()) {
            if (e.getKey().equals(best.name())) {
                continue;
            }
            StringBuilder to = e.getValue() == bestTime ? ties : slower;
            to.append(to.isEmpty() ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue());
        }
        if (!slower.isEmpty()) {
            why.append(" against ").append(slower);
        }
        if (!ties.isEmpty()) {
            why.append("; ties ").append(ties).append(" and is preferred as the simpler tree");
        }
        why.append(" (").append(params).append(", ").append(size).append(" members)");
        return new BroadcastChoice(best, java.util.Collections.unmodifiableMap(predicted), why.toString());
    }
}
