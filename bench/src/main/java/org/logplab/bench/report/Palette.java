package org.logplab.bench.report;

import java.awt.Color;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The one colour and marker of each engine, balancing policy and multicast algorithm in every plot
 * of the report, so that a name reads the same in all of them. The colours are Okabe and Ito's
 * palette for colour-blind readers (no yellow on white: too faint), each name also with a marker
 * of its own, so that two series differ in shape as well as in colour. Within each family (the
 * FFT engines, the policies, the algorithms) every name has a different colour and marker.
 * Stateless; any thread.
 */
final class Palette {
    /** Okabe-Ito: black, orange, sky blue, bluish green, blue, vermillion, reddish purple (yellow left out). */
    static final List<Color> COLOURS = List.of(new Color(0x000000), new Color(0xE69F00), new Color(0x56B4E9),
            new Color(0x009E73), new Color(0x0072B2), new Color(0xD55E00), new Color(0xCC79A7));
    private static final Color BLACK = COLOURS.get(0);
    private static final Color ORANGE = COLOURS.get(1);
    private static final Color SKY_BLUE = COLOURS.get(2);
    private static final Color GREEN = COLOURS.get(3);
    private static final Color BLUE = COLOURS.get(4);
    private static final Color VERMILLION = COLOURS.get(5);
    private static final Color PURPLE = COLOURS.get(6);

    /** A name's colour and marker. */
    record Style(Color colour, Marker marker) {
    }

    private static final Map<String, Style> NAMED = Map.ofEntries(
            // FFT engines
            Map.entry("logp", new Style(BLUE, SeriesMarkers.CIRCLE)),
            Map.entry("logp-distributed", new Style(VERMILLION, SeriesMarkers.SQUARE)),
            Map.entry("forkjoin", new Style(GREEN, SeriesMarkers.DIAMOND)),
            Map.entry("jtransforms", new Style(PURPLE, SeriesMarkers.TRIANGLE_UP)),
            // balancing policies
            Map.entry("none", new Style(BLACK, SeriesMarkers.CIRCLE)),
            Map.entry("light", new Style(ORANGE, SeriesMarkers.SQUARE)),
            Map.entry("heavy", new Style(VERMILLION, SeriesMarkers.DIAMOND)),
            Map.entry("bidirectional", new Style(GREEN, SeriesMarkers.TRIANGLE_UP)),
            Map.entry("adaptive", new Style(BLUE, SeriesMarkers.OVAL)),
            Map.entry("stealing", new Style(PURPLE, SeriesMarkers.RECTANGLE)),
            // multicast algorithms
            Map.entry("binomial", new Style(BLUE, SeriesMarkers.CIRCLE)),
            Map.entry("fibonacci", new Style(ORANGE, SeriesMarkers.SQUARE)),
            Map.entry("optimal", new Style(GREEN, SeriesMarkers.DIAMOND)));

    private Palette() {
    }

    /**
     * The style of a series named after an engine, policy or algorithm: the longest such name
     * that begins the series' name as a word of its own ({@code "logp-distributed measured"} is
     * {@code logp-distributed}); empty for other series.
     */
    static Optional<Style> of(String series) {
        String best = null;
        for (String name : NAMED.keySet()) {
            boolean word = series.equals(name) || series.startsWith(name) && " ,:".indexOf(series.charAt(name.length()))
                    >= 0;
            if (word && (best == null || name.length() > best.length())) {
                best = name;
            }
        }
        return Optional.ofNullable(best).map(NAMED::get);
    }

    /** A colour for a series of no known name: the first of the palette that {@code used} lacks. */
    static Color spare(List<Color> used) {
        return COLOURS.stream().filter(c -> !used.contains(c)).findFirst().orElse(COLOURS.get(used.size()
                % COLOURS.size()));
    }
}
