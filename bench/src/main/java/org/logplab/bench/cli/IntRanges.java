package org.logplab.bench.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The integer lists that options such as {@code --n 3,5..8} take: comma-separated numbers and
 * inclusive ranges {@code A..B}, each value checked against the option's bounds before any range
 * is expanded, so a huge range fails fast instead of filling the heap.
 */
final class IntRanges {
    /** The most values one option may list; more is a typo, not a sweep. */
    static final int MAX_VALUES = 10_000;

    private IntRanges() {
    }

    /**
     * The values of {@code option}'s items in order.
     *
     * @throws IllegalArgumentException naming the option and the offending text or value: an item
     *     that is not a number or range {@code A..B} with {@code A <= B}, a value outside
     *     {@code min..max}, or more than {@value #MAX_VALUES} values
     */
    static List<Integer> parse(String option, List<String> items, int min, int max) {
        List<Integer> values = new ArrayList<>();
        for (String item : items) {
            String[] range = item.trim().split("\\.\\.", -1);
            int from;
            int to;
            try {
                from = Integer.parseInt(range[0].trim());
                to = range.length == 2 ? Integer.parseInt(range[1].trim()) : from;
            } catch (NumberFormatException e) {
                throw notAList(option, item);
            }
            if (range.length > 2 || to < from) {
                throw notAList(option, item);
            }
            if (from < min || from > max) {
                throw outside(option, from, min, max);
            }
            if (to > max) {
                throw outside(option, max + 1L, min, max);
            }
            if ((long) to - from + 1 > MAX_VALUES - values.size()) {
                throw new IllegalArgumentException(option + " lists more than " + MAX_VALUES + " values");
            }
            for (long v = from; v <= to; v++) {
                values.add((int) v);
            }
        }
        return values;
    }

    private static IllegalArgumentException notAList(String option, String item) {
        return new IllegalArgumentException(option + " takes numbers or ranges A..B, got '" + item + "'");
    }

    private static IllegalArgumentException outside(String option, long value, int min, int max) {
        return new IllegalArgumentException(option + " " + value + " is outside " + min + ".." + max);
    }
}
