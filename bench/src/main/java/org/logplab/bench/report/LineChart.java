package org.logplab.bench.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.ChartEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.logplab.bench.output.Cells;

/**
 * A labelled x-y chart saved as a PNG (XChart, headless): a title, both axis titles with their
 * units, one series per line or point set, the legend to the right of the plot (never over the
 * data). A series named after an engine, balancing policy or multicast algorithm has that name's
 * colour and marker in every chart ({@link Palette}: colour-blind safe); others take the palette's
 * next unused colour. Fonts are large enough to read the image at its natural size in a browser.
 *
 * <p>Wall-clock measurements whose thread count exceeds the cores measure the scheduler rather
 * than the algorithm: {@link #lineApart} and {@link #pointsApart} draw those points as a series of
 * their own (dashed, hollow markers, named "..., oversubscribed: P &gt; cores") beside a vertical
 * line at P = cores.
 */
public final class LineChart {
    private static final String CORES = "P = %d cores";
    private final XYChart chart;
    private boolean log2X;
    private int markedCores;
    private double yMin = Double.POSITIVE_INFINITY;
    private double yMax = Double.NEGATIVE_INFINITY;
    private int series;
    private Color lastColour;
    private final List<Color> used = new ArrayList<>();

    /** A chart whose axes say what they show and in which unit, e.g. {@code "N (points, log scale)"}. */
    public LineChart(String title, String xTitle, String yTitle) {
        chart = new XYChartBuilder().width(1000).height(520).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        chart.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
        chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        chart.getStyler().setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        // Outside the plot: a legend inside covers points (the headline's, once).
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setMarkerSize(7);
    }

    /** Adds a series drawn as a line through its points. */
    public LineChart line(String name, double[] x, double[] y) {
        add(name, x, y).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        return this;
    }

    /**
     * Adds a series drawn as a line through its points with an error bar of {@code +- errors[i]}
     * at each (a confidence interval's half-width, say; NaN draws none).
     */
    public LineChart line(String name, double[] x, double[] y, double[] errors) {
        if (x.length != y.length || errors.length != y.length || x.length == 0) {
            throw new IllegalArgumentException("series " + name + ": " + x.length + " x values, " + y.length
                    + " y values and "
                    + errors.length + " error bars");
        }
        double[] bars = new double[errors.length];
        for (int i = 0; i < bars.length; i++) {
            bars[i] = Double.isNaN(errors[i]) ? 0 : errors[i];
        }
        series++;
        XYSeries s = chart.addSeries(name, xs(x), y, bars);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        style(s, name);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        return this;
    }

    /** Adds a series drawn as points only (measurements). */
    public LineChart points(String name, double[] x, double[] y) {
        add(name, x, y).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        return this;
    }

    /** Adds a series drawn as a line without markers (a fitted or theoretical curve). */
    public LineChart curve(String name, double[] x, double[] y) {
        XYSeries s = add(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.NONE);
        return this;
    }

    /**
     * Adds a model's curve for the series added just before it: dashed, without markers, in that
     * series' colour (a measurement and its prediction read as a pair).
     */
    public LineChart modelOf(String name, double[] x, double[] y) {
        if (lastColour == null) {
            throw new IllegalStateException("model curve " + name + " before any series");
        }
        Color measured = lastColour;
        XYSeries s = add(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineStyle(SeriesLines.DASH_DASH);
        recolour(s, measured);
        return this;
    }

    /**
     * Measured values over a processor or thread count {@code x}: the points with
     * {@code x <= cores} drawn as a line named {@code name}, those beyond, joined to the last
     * point that fits, as a dashed line of the same colour named
     * {@code name + ", oversubscribed: P > cores"}.
     */
    public LineChart lineApart(String name, double[] x, double[] y, int cores) {
        return apart(name, x, y, cores, XYSeries.XYSeriesRenderStyle.Line);
    }

    /** As {@link #lineApart}, drawn as points only (measurements beside a fitted curve). */
    public LineChart pointsApart(String name, double[] x, double[] y, int cores) {
        return apart(name, x, y, cores, XYSeries.XYSeriesRenderStyle.Scatter);
    }

    private LineChart apart(String name, double[] x, double[] y, int cores, XYSeries.XYSeriesRenderStyle style) {
        if (x.length != y.length || x.length == 0) {
            throw new IllegalArgumentException("series " + name + ": " + x.length + " x values and " + y.length
                    + " y values");
        }
        int fitting = 0;
        while (fitting < x.length && x[fitting] <= cores) {
            fitting++;
        }
        if (Arrays.stream(x, fitting, x.length).anyMatch(v -> v <= cores)) {
            throw new IllegalArgumentException("series " + name
                    + ": x must rise (the points that fit the cores first)");
        }
        Color colour = null;
        if (fitting > 0) {
            XYSeries s = add(name, Arrays.copyOf(x, fitting), Arrays.copyOf(y, fitting));
            s.setXYSeriesRenderStyle(style);
            colour = lastColour;
        }
        if (fitting < x.length) {
            // Joined to the last point that fits, so that a line reads as one curve changing its nature at the cores.
            int from = style == XYSeries.XYSeriesRenderStyle.Line ? Math.max(0, fitting - 1) : fitting;
            XYSeries s = add(name + ", oversubscribed: P > " + cores + " cores", Arrays.copyOfRange(x, from, x.length),
                    Arrays.copyOfRange(y, from, y.length));
            colour = colour == null ? lastColour : colour;
            s.setXYSeriesRenderStyle(style);
            s.setLineStyle(SeriesLines.DASH_DASH);
            recolour(s, colour);
            s.setMarker(SeriesMarkers.TRIANGLE_DOWN);
            markedCores = cores; // drawn on saving, once the data's y range is known
        }
        lastColour = colour; // a model curve that follows belongs to both parts
        return this;
    }

    /**
     * Points to draw attention to (outliers, say): crosses, no line, in black unless black is
     * taken.
     */
    public LineChart flagged(String name, double[] x, double[] y) {
        XYSeries s = add(name, x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(SeriesMarkers.CROSS);
        return this;
    }

    /**
     * An x axis of whole numbers (processors, threads, mesh sides): ticks at integers only, each
     * labelled once (no 2.5 between 2 and 3).
     */
    public LineChart integerX() {
        // XChart widens the tick step until a pattern without decimals loses nothing: whole steps only.
        chart.getStyler().setXAxisDecimalPattern("#");
        return this;
    }

    /**
     * A base-2 logarithmic x axis labelled with the values themselves (2, 4, ..., 1024), for
     * powers of two: call it before adding series.
     */
    public LineChart log2X() {
        if (series > 0) {
            throw new IllegalStateException("log2X must come before the series");
        }
        log2X = true;
        chart.setCustomXAxisTickLabelsFormatter(v -> Math.abs(v - Math.rint(v)) < 1e-9
                ? Cells.number(Math.pow(2, Math.rint(v))) : "");
        return this;
    }

    /** A logarithmic x axis. */
    public LineChart logX() {
        chart.getStyler().setXAxisLogarithmic(true);
        return this;
    }

    /** A logarithmic y axis. */
    public LineChart logY() {
        chart.getStyler().setYAxisLogarithmic(true);
        return this;
    }

    /** The y axis starts at 0 (ratios, speedups). */
    public LineChart yFromZero() {
        chart.getStyler().setYAxisMin(0.0);
        return this;
    }

    private XYSeries add(String name, double[] x, double[] y) {
        if (x.length != y.length || x.length == 0) {
            throw new IllegalArgumentException("series " + name + ": " + x.length + " x values and " + y.length
                    + " y values");
        }
        series++;
        for (double v : y) {
            if (!Double.isNaN(v)) {
                yMin = Math.min(yMin, v);
                yMax = Math.max(yMax, v);
            }
        }
        XYSeries s = chart.addSeries(name, xs(x), y);
        style(s, name);
        return s;
    }

    /** The name's colour and marker from the palette, or the palette's next colour unused here. */
    private void style(XYSeries s, String name) {
        Palette.Style named = Palette.of(name).orElse(null);
        lastColour = named != null ? named.colour() : Palette.spare(used);
        used.add(lastColour);
        s.setLineColor(lastColour);
        s.setMarkerColor(lastColour);
        if (named != null) {
            s.setMarker(named.marker());
        }
    }

    /** Draws the series just added in {@code colour} instead of the one it was given. */
    private void recolour(XYSeries s, Color colour) {
        used.set(used.size() - 1, colour);
        lastColour = colour;
        s.setLineColor(colour);
        s.setMarkerColor(colour);
    }

    /** The colour series {@code name} is drawn in (its line and markers). */
    public Color colour(String name) {
        XYSeries s = chart.getSeries(name);
        if (s == null) {
            throw new IllegalArgumentException("no series " + name + " in this chart");
        }
        return s.getLineColor();
    }

    /** The chart itself, for the tests of its styler and of the ticks it draws. */
    XYChart xy() {
        return chart;
    }

    /** The x values as plotted: their base-2 logarithms on a {@link #log2X} axis. */
    private double[] xs(double[] x) {
        return log2X ? Arrays.stream(x).map(v -> Math.log(v) / Math.log(2)).toArray() : x;
    }

    /** The series' names in the order they were added (the legend's entries). */
    List<String> seriesNames() {
        return chart.getSeriesCollection().stream().map(XYSeries::getName).toList();
    }

    /** Writes the chart as a PNG file at {@code file}. */
    public void save(Path file) throws IOException {
        if (markedCores > 0 && chart.getSeries(CORES.formatted(markedCores)) == null) {
            double at = log2X ? Math.log(markedCores) / Math.log(2) : markedCores;
            XYSeries s = chart.addSeries(CORES.formatted(markedCores), new double[] {at, at},
                    new double[] {yMin, yMax});
            s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            s.setMarker(SeriesMarkers.NONE);
            s.setLineStyle(SeriesLines.DOT_DOT);
            s.setLineColor(Color.GRAY);
        }
        ChartEncoder.saveChart(chart, file.toString(), "png");
    }
}
