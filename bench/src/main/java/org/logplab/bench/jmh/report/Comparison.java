package org.logplab.bench.jmh.report;

/**
 * What one row of the ratio table compares, like with like. When neither side is bimodal, JMH's
 * scores (the mean over every iteration of every fork) and {@code better} by the two error bars
 * ({@code tie} when they overlap). When a side is bimodal its mean is of two host states and no
 * figure, so the faster modes are compared: the median fork mean of a bimodal side's faster mode
 * against the other side's faster mode, or its median fork mean when it is steady; {@code better}
 * is then {@code tie} when the two lie within {@link Steadiness#WITHIN} of each other. Against an
 * unsteady side or one of a single fork there is no faster mode to compare with: nothing is
 * compared ({@link #whyNot} says why).
 *
 * @param basis {@link #MEANS}, {@link #FASTER_MODES} or {@link #NONE}
 * @param ours our figure, in the results' unit; NaN when nothing is compared
 * @param peer the peer's figure, in the results' unit; NaN when nothing is compared
 * @param better {@code ours}, {@code peer}, {@code tie}, or {@code unknown} when nothing is compared
 * @param whyNot why nothing is compared; null when something is
 */
record Comparison(String basis, double ours, double peer, String better, String whyNot) {
    /** JMH's scores: neither side is bimodal. */
    static final String MEANS = "means";
    /** The medians of the faster modes: a side is bimodal. */
    static final String FASTER_MODES = "faster modes";
    /** Nothing: a side is bimodal and the other has no mode to set against it. */
    static final String NONE = "none";

    /** The comparison of {@code ours} with {@code peer}, results of one group. */
    static Comparison of(JmhResult ours, JmhResult peer) {
        if (!bimodal(ours) && !bimodal(peer)) {
            String better = Math.abs(ours.score() - peer.score()) <= ours.error() + peer.error() ? "tie"
                    : (ours.score() < peer.score()) == ours.timeMode() ? "ours" : "peer";
            return new Comparison(MEANS, ours.score(), peer.score(), better, null);
        }
        String why = whyNoFasterMode(ours, "our side");
        if (why == null) {
            why = whyNoFasterMode(peer, "the peer's side");
        }
        if (why != null) {
            return new Comparison(NONE, Double.NaN, Double.NaN, "unknown", why);
        }
        double o = fasterMode(ours);
        double p = fasterMode(peer);
        double ratio = o / p;
        String better = ratio <= Steadiness.WITHIN && ratio >= 1 / Steadiness.WITHIN ? "tie"
                : (o < p) == ours.timeMode() ? "ours" : "peer";
        return new Comparison(FASTER_MODES, o, p, better, null);
    }

    /** ours / peer of what is compared; NaN when nothing is. */
    double ratio() {
        return ours / peer;
    }

    private static boolean bimodal(JmhResult r) {
        return r.steadiness() != null && r.steadiness().verdict() == Steadiness.Verdict.BIMODAL;
    }

    /** The median fork mean of the faster mode: of the whole result when it is steady. */
    private static double fasterMode(JmhResult r) {
        return bimodal(r) ? r.steadiness().fasterMode(r.timeMode()).median() : r.steadiness().median();
    }

    /** Why {@code r} has no faster mode to compare, or null when it has one. */
    private static String whyNoFasterMode(JmhResult r, String who) {
        if (r.steadiness() == null) {
            return who + " ran " + (r.forks() == 1 ? "one fork" : "no fork data")
                    + ", so which of the two states it ran in is unknown";
        }
        if (r.steadiness().verdict() == Steadiness.Verdict.UNSTEADY) {
            return String.format("%s is unsteady (fork means %.2fx apart), so it has no mode to set against the"
                    + " faster one", who, r.steadiness().spread());
        }
        return null;
    }
}
