package org.logplab.bench.jmh.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.util.ListStatistics;

/**
 * How steady one JMH result is, judged from its per-fork means (the mean of each fork's measured
 * iterations, JMH's {@code rawData}): a fork is a JVM of its own, so forks that disagree say that
 * the host changed state between them, which an error bar over all iterations hides.
 *
 * <p>The verdict, for two forks or more (one fork says nothing about steadiness), in the score's
 * unit, whatever its direction:
 * <ul>
 *   <li>{@link Verdict#STEADY}: every fork mean within {@value #WITHIN} x of every other
 *       ({@code max / min <= 1.10}: within 10 % of each other);</li>
 *   <li>{@link Verdict#BIMODAL}: three forks or more whose sorted means split, at their largest
 *       gap between neighbours, into two groups that are each steady by the rule above and lie more
 *       than {@value #APART} x apart (the smallest mean of the upper group over the largest of the
 *       lower); a group may be one fork. Two forks that disagree are unsteady: one JVM each cannot
 *       show that either state repeats;</li>
 *   <li>{@link Verdict#UNSTEADY}: anything else.</li>
 * </ul>
 * Only the largest gap need be tried: a split anywhere else leaves that gap inside a group, and a
 * group with a gap over {@value #APART} x is not within {@value #WITHIN} x.
 *
 * @param forkMeans the per-fork means, in fork order, in the score's unit
 * @param verdict steady, unsteady or bimodal
 * @param spread the largest fork mean over the smallest (1 for equal means; infinite when the
 *     smallest is not positive and they differ)
 * @param modes for a bimodal result its two modes, the lower means first; empty otherwise
 */
public record Steadiness(double[] forkMeans, Verdict verdict, double spread, List<Mode> modes) {
    /** The most the fork means of a steady result (or of one mode) may differ: max / min. */
    public static final double WITHIN = 1.10;
    /** The least two modes must lie apart: the upper's smallest mean over the lower's largest. */
    public static final double APART = 1.30;

    /** What the fork means say. */
    public enum Verdict {
        /** Every fork within {@link #WITHIN} of every other. */
        STEADY,
        /** Neither steady nor two clean modes. */
        UNSTEADY,
        /** Two groups of forks, each steady, more than {@link #APART} apart. */
        BIMODAL;

        /** The word the tables and JSON use: {@code steady}, {@code unsteady}, {@code bimodal}. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One mode of a bimodal result.
     *
     * @param forks the forks in it, numbered from 1 in fork order
     * @param median the median of their means, in the score's unit
     */
    public record Mode(List<Integer> forks, double median) {
    }

    /**
     * The steadiness of one element of JMH's JSON array, from {@code primaryMetric.rawData}; null
     * when it has fewer than two forks (or no {@code rawData}): one fork says nothing about it.
     */
    static Steadiness of(JsonNode result) {
        double[] means = forkMeans(result);
        return means.length < 2 ? null : judge(means);
    }

    /** The mean of each fork's iterations in {@code primaryMetric.rawData}, in fork order; empty without it. */
    static double[] forkMeans(JsonNode result) {
        JsonNode raw = result.path("primaryMetric").path("rawData");
        List<Double> means = new ArrayList<>();
        for (JsonNode fork : raw) {
            ListStatistics s = new ListStatistics();
            fork.forEach(v -> s.addValue(v.asDouble()));
            if (s.getN() > 0) {
                means.add(s.getMean());
            }
        }
        return means.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The verdict on two or more fork means, by the rules of this class. */
    public static Steadiness judge(double... forkMeans) {
        if (forkMeans.length < 2) {
            throw new IllegalArgumentException("steadiness needs two forks or more, got " + forkMeans.length);
        }
        Integer[] order = new Integer[forkMeans.length];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble(i -> forkMeans[i]));
        double spread = ratio(forkMeans[order[order.length - 1]], forkMeans[order[0]]);
        if (spread <= WITHIN) {
            return new Steadiness(forkMeans, Verdict.STEADY, spread, List.of());
        }
        if (forkMeans.length >= 3) {
            int split = 1; // the upper group starts here
            for (int i = 2; i < order.length; i++) {
                if (ratio(forkMeans[order[i]], forkMeans[order[i - 1]])
                        > ratio(forkMeans[order[split]], forkMeans[order[split - 1]])) {
                    split = i;
                }
            }
            double lowSpread = ratio(forkMeans[order[split - 1]], forkMeans[order[0]]);
            double highSpread = ratio(forkMeans[order[order.length - 1]], forkMeans[order[split]]);
            double gap = ratio(forkMeans[order[split]], forkMeans[order[split - 1]]);
            if (lowSpread <= WITHIN && highSpread <= WITHIN && gap > APART) {
                return new Steadiness(forkMeans, Verdict.BIMODAL, spread, List.of(
                        mode(forkMeans, Arrays.copyOfRange(order, 0, split)),
                        mode(forkMeans, Arrays.copyOfRange(order, split, order.length))));
            }
        }
        return new Steadiness(forkMeans, Verdict.UNSTEADY, spread, List.of());
    }

    /** The median of all fork means, in the score's unit. */
    public double median() {
        return new ListStatistics(forkMeans).getPercentile(50);
    }

    /**
     * The faster of the two modes of a bimodal result: the lower means for a time per operation,
     * the higher for a throughput.
     */
    public Mode fasterMode(boolean timeMode) {
        if (verdict != Verdict.BIMODAL) {
            throw new IllegalStateException("only a bimodal result has modes");
        }
        return modes.get(timeMode ? 0 : 1);
    }

    /** {@code a / b} of two means; 1 when they are equal, infinite when {@code b} is not positive. */
    private static double ratio(double a, double b) {
        return a == b ? 1 : b <= 0 ? Double.POSITIVE_INFINITY : a / b;
    }

    private static Mode mode(double[] means, Integer[] members) {
        List<Integer> forks = Arrays.stream(members).sorted().map(i -> i + 1).toList();
        double[] values = Arrays.stream(members).mapToDouble(i -> means[i]).toArray();
        return new Mode(forks, new ListStatistics(values).getPercentile(50));
    }
}
