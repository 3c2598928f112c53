package org.logplab.bench.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One finding of a report, the way a paper's results section opens: the section it summarises,
 * the headline figure in words (e.g. {@code "FFT on 2 cores: speedup 1.85 at 2^20, model 1.80"})
 * and the verdict on it ({@code "as predicted"}, {@code "model off by 40 %"}, {@code "suspect: ..."}).
 *
 * @param section the report section the line summarises, as its heading reads
 * @param headline the figure, computed from the run's data
 * @param verdict what the figure says against theory, a model or plausibility
 * @param ok false when the verdict asks the reader's attention (a disagreement, a disturbed or suspect figure)
 */
public record Headline(String section, String headline, String verdict, boolean ok) {

    /** The JSON object of this line: {@code section}, {@code headline}, {@code verdict}, {@code ok}. */
    public Map<String, Object> json() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("section", section);
        f.put("headline", headline);
        f.put("verdict", verdict);
        f.put("ok", ok);
        return f;
    }

    /** The line as text, {@code section: headline -- verdict}, flagged with {@code !} when it asks attention. */
    public String text() {
        return (ok ? "  " : "! ") + section + ": " + headline + " -- " + verdict;
    }
}
