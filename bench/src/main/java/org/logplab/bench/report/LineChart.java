package org.logplab.bench.report;

import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import org.knowm.xchart.ChartEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A labelled x-y chart saved as a PNG (XChart, headless): a title, both axis titles with their
 * units, one series per line or point set, a legend inside the plot. Fonts are large enough to
 * read the image at its natural size in a browser.
 */
public final class LineChart {
    private final XYChart chart;

    /** A chart whose axes say what they show and in which unit, e.g. {@code "N (points, log scale)"}. */
    public LineChart(String title, String xTitle, String yTitle) {
        chart = new XYChartBuilder().width(900).height(520).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        chart.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
        chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        chart.getStyler().setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
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
            throw new IllegalArgumentException("series " + name + ": " + x.length + " x values, " + y.length + " y values and "
                    + errors.length + " error bars");
        }
        double[] bars = new double[errors.length];
        for (int i = 0; i < bars.length; i++) {
            bars[i] = Double.isNaN(errors[i]) ? 0 : errors[i];
        }
        chart.addSeries(name, x, y, bars).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
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
            throw new IllegalArgumentException("series " + name + ": " + x.length + " x values and " + y.length + " y values");
        }
        return chart.addSeries(name, x, y);
    }

    /** Writes the chart as a PNG file at {@code file}. */
    public void save(Path file) throws IOException {
        ChartEncoder.saveChart(chart, file.toString(), "png");
    }
}
