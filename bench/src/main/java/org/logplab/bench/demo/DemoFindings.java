package org.logplab.bench.demo;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.logplab.bench.experiment.fft.BestSerial;
import org.logplab.bench.output.Cells;
import org.logplab.bench.report.Headline;

/**
 * The demo's findings, one {@link Headline} per report section, computed from the rows the
 * section shows (the commands' JSON fields): the figure a reader wants first and the verdict on
 * it against theory, the model or plausibility. Stateless; the section names are the report's
 * headings.
 */
public final class DemoFindings {
    public static final String HOST = "This host";
    public static final String BROADCAST = "Broadcast";
    public static final String MULTICAST = "Multicast";
    public static final String SUMMATION = "Summation";
    public static final String GOSSIP = "Gossip and k-port broadcast";
    public static final String FFT = "FFT";
    public static final String AMDAHL = "Amdahl with overhead";
    public static final String BALANCE = "Load balancing";

    /** How far a measured FFT speedup may lie from the machine model's and still count as agreeing. */
    public static final double FFT_MODEL_TOLERANCE = 0.25;

    private DemoFindings() {
    }

    /** The host's figures and whether they passed the plausibility rules after {@code measurements} tries. */
    public static Headline host(HostFigures h, List<String> problems, int cores, int measurements) {
        String line = String.format(Locale.ROOT, "in-process threads on %d cores, nothing injected: L %s, o %s, g %s;"
                        + " Hockney t0 %s, r_inf %s GB/s, m_half %s B", cores, Cells.duration(h.lNanos()),
                        Cells.duration(h.oNanos()),
                Cells.duration(h.gNanos()), Cells.duration(h.t0Nanos()), Cells.number(h.rInfBytesPerNano()),
                Cells.number(h.mHalfBytes()));
        if (problems.isEmpty()) {
            return new Headline(HOST, line, "plausible" + (measurements > 1 ? " (on measurement " + measurements + ")"
                    : ""), true);
        }
        return new Headline(HOST, line, "suspect after " + measurements + " measurements: "
                + String.join("; ", problems), false);
    }

    /**
     * The binary-tree broadcast: the model time against its prediction and each wall-clock row
     * ({@code P}, {@code p50_ns}, {@code predicted_ns}, {@code oversubscribed}, {@code disturbed},
     * {@code load_avg_1m}).
     */
    public static Headline broadcast(int processors, long modelTime, long modelPredicted,
            List<Map<String, Object>> wall) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "binary tree on %d processors: model time %d %s prediction %d",
                processors, modelTime, modelTime == modelPredicted ? "=" : "!=", modelPredicted));
        List<String> wrong = new ArrayList<>();
        if (modelTime != modelPredicted) {
            wrong.add("the model time differs from the prediction");
        }
        for (int i = 0; i < wall.size(); i++) {
            Map<String, Object> w = wall.get(i);
            double ratio = num(w.get("p50_ns")) / num(w.get("predicted_ns"));
            boolean over = Boolean.TRUE.equals(w.get("oversubscribed"));
            line.append(i == 0 ? "; wall clock " : ", ").append(String.format(Locale.ROOT, "%.2fx", ratio))
                    .append(i == 0 ? " the prediction" : "")
                    .append(" on ").append(w.get("P")).append(over ? " (oversubscribed)" : "");
            if (Boolean.TRUE.equals(w.get("disturbed"))) {
                wrong.add(String.format(Locale.ROOT, "disturbed: %.1fx on %s processors%s", ratio, w.get("P"),
                        load(w)));
            }
        }
        return wrong.isEmpty() ? new Headline(BROADCAST, line.toString(), "as predicted", true)
                : new Headline(BROADCAST, line.toString(), String.join("; ", wrong), false);
    }

    /**
     * Multicast: the model rows ({@code algo}, {@code P}, {@code time}, {@code predicted}), the
     * wall-clock rows ({@code oversubscribed}, {@code disturbed}, {@code reps}) and the Fibonacci/binomial
     * sweep ({@code ratio}, {@code winner}).
     */
    public static Headline multicast(List<Map<String, Object>> model, List<Map<String, Object>> wall,
            List<Map<String, Object>> sweep) {
        long equal = model.stream().filter(r -> num(r.get("time")) == num(r.get("predicted"))).count();
        List<Object> sizes = model.stream().map(r -> r.get("P")).distinct().toList();
        long optimalNeverSlower = sizes.stream().filter(p -> {
            List<Map<String, Object>> at = model.stream().filter(r -> p.equals(r.get("P"))).toList();
            double optimal = at.stream().filter(r -> "optimal".equals(r.get("algo")))
                    .mapToDouble(r -> num(r.get("time"))).min().orElse(Double.NaN);
            return at.stream().allMatch(r -> optimal <= num(r.get("time")));
        }).count();
        List<Map<String, Object>> fitting = wall.stream().filter(r -> !Boolean.TRUE.equals(r.get("oversubscribed")))
                .toList();
        long quiet = fitting.stream().filter(r -> Boolean.FALSE.equals(r.get("disturbed"))).count();
        StringBuilder line = new StringBuilder(equal == model.size()
                ? String.format(Locale.ROOT,
                "every model time equals its prediction (%d of %d), the optimal tree never slower (%d of %d P)",
                        equal, model.size(), optimalNeverSlower, sizes.size())
                : String.format(Locale.ROOT,
                "%d of %d model times equal their prediction, the optimal tree never slower at %d of %d P",
                        equal, model.size(), optimalNeverSlower, sizes.size()));
        sweep.stream().filter(r -> "fibonacci".equals(r.get("winner")))
                .max(Comparator.comparingDouble(r -> num(r.get("ratio"))))
                .ifPresent(r -> line.append(String.format(Locale.ROOT,
                "; Fibonacci beats binomial up to max(g, o)/(L + 2o) = %s at P = %s",
                        Cells.trimmed(num(r.get("ratio"))), r.get("P"))));
        if (!fitting.isEmpty()) {
            // the sample behind each median, so that a reader can weigh a disturbed row of a quick run
            long reps = fitting.stream().filter(r -> r.get("reps") instanceof Number)
                    .mapToLong(r -> ((Number) r.get("reps")).longValue()).min().orElse(-1);
            line.append(String.format(Locale.ROOT,
                    "; wall clock within tolerance in %d of %d rows that fit the cores%s", quiet, fitting.size(),
                    reps < 0 ? "" : " (medians of " + reps + " repetitions or more, after a warm-up)"));
        }
        List<String> wrong = new ArrayList<>();
        if (equal < model.size()) {
            wrong.add((model.size() - equal) + " model times differ from their prediction");
        }
        if (optimalNeverSlower < sizes.size()) {
            wrong.add("the optimal tree is slower at " + (sizes.size() - optimalNeverSlower) + " P");
        }
        if (quiet < fitting.size()) {
            wrong.add("wall clock disturbed in " + (fitting.size() - quiet) + " of " + fitting.size() + " rows");
        }
        return verdict(MULTICAST, line.toString(), wrong, "as predicted");
    }

    /** Optimal summation: rows with {@code N}, {@code time}, {@code predicted}, {@code naive_reduce_time}. */
    public static Headline summation(int processors, List<Map<String, Object>> rows) {
        long equal = rows.stream().filter(r -> num(r.get("time")) == num(r.get("predicted"))).count();
        long notSlower = rows.stream().filter(r -> num(r.get("time")) <= num(r.get("naive_reduce_time"))).count();
        Map<String, Object> last = rows.get(rows.size() - 1);
        double time = num(last.get("time"));
        double naive = num(last.get("naive_reduce_time"));
        String line = String.format(Locale.ROOT, "optimal summation on %d processors: run equals plan at %d of %d N; at"
                        + " N = %s it takes %s against the naive reduce's %s (%.2fx faster)", processors, equal,
                        rows.size(),
                Cells.number(num(last.get("N"))), Cells.number(time), Cells.number(naive), naive / time);
        List<String> wrong = new ArrayList<>();
        if (equal < rows.size()) {
            wrong.add((rows.size() - equal) + " runs differ from their plan");
        }
        if (notSlower < rows.size()) {
            wrong.add("slower than the naive reduce at " + (rows.size() - notSlower) + " N");
        }
        return verdict(SUMMATION, line, wrong, "as the theory says");
    }

    /**
     * Gossip ({@code algo} seed or improved, {@code n}, {@code steps}, {@code lower_bound}) and
     * the k-tree broadcast ({@code m}, {@code n}, {@code k}, {@code rounds}, both bounds).
     */
    public static Headline gossip(List<Map<String, Object>> gossip, List<Map<String, Object>> ktree) {
        double maxN = gossip.stream().mapToDouble(r -> num(r.get("n"))).max().orElse(Double.NaN);
        double improved = excess(gossip, "improved");
        double seed = excess(gossip, "seed");
        long within = ktree.stream().filter(r -> num(r.get("lower_bound")) <= num(r.get("rounds"))
                && num(r.get("rounds")) <= num(r.get("upper_bound"))).count();
        long gossipOk = gossip.stream().filter(r -> num(r.get("steps")) >= num(r.get("lower_bound"))).count();
        Map<String, Object> k = ktree.get(0);
        String line = String.format(Locale.ROOT,
                "gossip on the n x n mesh, n up to %s: the improved schedule at most %s steps above the lower bound"
                        + " (Wang and Ying's schedule: %s); k-tree broadcast to %s nodes with %s ports: rounds within"
                        + " both bounds for %d of %d message counts", Cells.number(maxN), Cells.number(improved),
                        Cells.number(seed), k.get("n"),
                k.get("k"), within, ktree.size());
        List<String> wrong = new ArrayList<>();
        if (gossipOk < gossip.size()) {
            wrong.add((gossip.size() - gossipOk) + " gossip schedules below the lower bound");
        }
        if (within < ktree.size()) {
            wrong.add((ktree.size() - within) + " k-tree round counts outside the bounds");
        }
        return verdict(GOSSIP, line, wrong, "within the bounds");
    }

    /**
     * FFT: per engine and {@code n} the measured {@code speedup} on {@code p} cores and, for the
     * LogP engines, {@code machine_predicted_speedup}; the headline is the master/worker engine
     * ({@code logp}) at the largest N against its model, beside the fastest engine there, and,
     * where the rows have it, its {@code speedup_vs_best} over {@code best_serial_engine}; the
     * quoted speedup is the one over our serial FFT, which the models predict. Rows
     * measured again ({@code measured_again}, {@code first_speedup}) are named with both figures;
     * rows still {@code outlier} after that turn the verdict to attention, named.
     */
    public static Headline fft(List<Map<String, Object>> rows) {
        double n = rows.stream().mapToDouble(r -> num(r.get("n"))).max().orElse(Double.NaN);
        List<Map<String, Object>> atN = rows.stream().filter(r -> num(r.get("n")) == n).toList();
        Map<String, Object> logp = atN.stream().filter(r -> "logp".equals(r.get("engine"))).findFirst()
                .orElse(atN.get(0));
        Map<String, Object> fastest = atN.stream().max(Comparator.comparingDouble(r -> num(r.get("speedup"))))
                .orElseThrow();
        double s = num(logp.get("speedup"));
        double model = num(logp.get("machine_predicted_speedup"));
        String line = String.format(Locale.ROOT, "on %s cores at N = 2^%d: %s engine speedup %.2f, machine model %.2f;"
                        + " fastest engine %s, speedup %.2f", logp.get("p"), Math.round(Math.log(n) / Math.log(2)),
                        logp.get("engine"), s, model,
                fastest.get("engine"), num(fastest.get("speedup")));
        if (logp.get("speedup_vs_best") instanceof Number vsBest) {
            Object best = logp.get("best_serial_engine");
            line += String.format(Locale.ROOT, "; %s %.2f over the best serial code (%s); the speedups quoted are"
                    + " over our serial FFT, the algorithm's scaling that the models predict", logp.get("engine"),
                    vsBest.doubleValue(), BestSerial.OURS.equals(best) ? "our serial FFT" : best);
        }
        List<String> again = rows.stream().filter(r -> Boolean.TRUE.equals(r.get("measured_again"))
                && !Boolean.TRUE.equals(r.get("outlier"))).map(r -> String.format(Locale.ROOT, "%s at 2^%d (%s, then"
                + " %.2f)", r.get("engine"), Math.round(Math.log(num(r.get("n"))) / Math.log(2)),
                Cells.trimmed(num(r.get("first_speedup"))), num(r.get("speedup")))).toList();
        List<String> outliers = rows.stream().filter(r -> Boolean.TRUE.equals(r.get("outlier")))
                .map(r -> String.format(Locale.ROOT, "%s at 2^%d (%s)", r.get("engine"),
                        Math.round(Math.log(num(r.get("n"))) / Math.log(2)), Cells.trimmed(num(r.get("speedup")))))
                .toList();
        if (!again.isEmpty()) {
            line += "; measured again, an outlier no more: " + String.join(", ", again);
        }
        List<String> wrong = new ArrayList<>();
        if (!outliers.isEmpty()) {
            wrong.add(outliers.size() + " outlier" + (outliers.size() == 1 ? "" : "s") + " ("
                    + "a speedup below half or above twice both neighbours in N), measured twice and marked: "
                    + String.join(", ", outliers));
        }
        String fine;
        if (Double.isNaN(model)) {
            wrong.add(0, "no machine model for this engine");
            fine = "";
        } else {
            double off = Math.abs(s - model) / model;
            String by = String.format(Locale.ROOT, "%.0f %%", 100 * off);
            fine = "model within " + by;
            if (off > FFT_MODEL_TOLERANCE) {
                wrong.add(0, "model off by " + by);
            } else if (!wrong.isEmpty()) {
                wrong.add(0, fine);
            }
        }
        return verdict(FFT, line, wrong, fine);
    }

    /**
     * Amdahl with overhead: rows {@code p}, {@code speedup} (the median of the rounds),
     * {@code speedup_min} and {@code speedup_max} (their spread; the speedup itself where
     * absent), {@code oversubscribed}; the fit's {@code F}. The best speedup is looked for where
     * it means something: within the cores, and above P = 1 when there are cores to share (the
     * speedup at P = 1 is 1 by definition; a measured one off 1 is noise). An oversubscribed
     * thread count faster than that counts against the finding only when its slowest round beats
     * the best's fastest: inside the spread it is noise, and the verdict says so.
     */
    public static Headline amdahl(int n, List<Map<String, Object>> rows, double serialFraction, int cores) {
        List<Map<String, Object>> within = rows.stream().filter(r -> !Boolean.TRUE.equals(r.get("oversubscribed"))
                && (cores == 1 || num(r.get("p")) > 1)).toList();
        List<Map<String, Object>> eligible = within.isEmpty() ? rows : within;
        Map<String, Object> best = eligible.stream().max(Comparator.comparingDouble(r -> num(r.get("speedup"))))
                .orElseThrow();
        Map<String, Object> last = rows.get(rows.size() - 1);
        boolean spread = rows.stream().anyMatch(r -> r.containsKey("speedup_min"));
        String rounds = best.get("rounds") instanceof Number k ? " over " + k + " rounds" : "";
        String line = String.format(Locale.ROOT, "fork/join FFT, N = 2^%d, 1-%s threads on %d cores: best speedup %.2f"
                + " at P = %s%s;%s fitted serial fraction F = %s", Integer.numberOfTrailingZeros(n), last.get("p"),
                cores, num(best.get("speedup")), best.get("p"),
                spread ? String.format(Locale.ROOT, " (%.2f-%.2f%s)", low(best), high(best), rounds) : "",
                best == last ? "" : String.format(Locale.ROOT, " %.2f at P = %s%s;", num(last.get("speedup")),
                        last.get("p"), Boolean.TRUE.equals(last.get("oversubscribed")) ? " (oversubscribed)" : ""),
                Cells.trimmed(serialFraction));
        List<String> wrong = new ArrayList<>();
        String fine = "peaks within the " + cores + " cores";
        Map<String, Object> fastestOver = rows.stream().filter(r -> Boolean.TRUE.equals(r.get("oversubscribed")))
                .max(Comparator.comparingDouble(r -> num(r.get("speedup")))).orElse(null);
        if (fastestOver != null && num(fastestOver.get("speedup")) > num(best.get("speedup"))) {
            String against = String.format(Locale.ROOT, "P = %s (oversubscribed) %.2f-%.2f against %.2f-%.2f at P = %s",
                    fastestOver.get("p"), low(fastestOver), high(fastestOver), low(best), high(best), best.get("p"));
            if (low(fastestOver) > high(best)) {
                wrong.add("faster beyond the " + cores + " cores, beyond the spread of the rounds: " + against);
            } else {
                fine += "; a higher median beyond them is within noise, inside the spread of the rounds: " + against;
            }
        }
        if (!(serialFraction >= 0 && serialFraction <= 1)) {
            wrong.add("the fit is implausible: a serial fraction must lie in [0, 1]");
        }
        return verdict(AMDAHL, line, wrong, fine);
    }

    /** The lowest speedup of a row's rounds (its speedup when it has no spread). */
    private static double low(Map<String, Object> row) {
        return row.get("speedup_min") instanceof Number v ? v.doubleValue() : num(row.get("speedup"));
    }

    /** The highest speedup of a row's rounds (its speedup when it has no spread). */
    private static double high(Map<String, Object> row) {
        return row.get("speedup_max") instanceof Number v ? v.doubleValue() : num(row.get("speedup"));
    }

    /**
     * Load balancing: the sweep's rows ({@code cost_setting}, {@code load}, {@code policy},
     * {@code mean_response}) at the cheapest message cost, and the seed scenario's rows
     * ({@code policy}, {@code makespan}, {@code ideal_makespan}).
     */
    public static Headline balance(List<Map<String, Object>> sweep, List<Map<String, Object>> seed) {
        String setting = String.valueOf(sweep.get(0).get("cost_setting"));
        double load = sweep.stream().filter(r -> setting.equals(String.valueOf(r.get("cost_setting"))))
                .mapToDouble(r -> num(r.get("load"))).max().orElseThrow();
        List<Map<String, Object>> at = sweep.stream().filter(r -> setting.equals(String.valueOf(r.get("cost_setting")))
                && num(r.get("load")) == load).toList();
        Map<String, Object> best = at.stream().min(Comparator.comparingDouble(r -> num(r.get("mean_response"))))
                .orElseThrow();
        double none = at.stream().filter(r -> "none".equals(r.get("policy")))
                .mapToDouble(r -> num(r.get("mean_response")))
                .findFirst().orElse(Double.NaN);
        double gain = none / num(best.get("mean_response"));
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "lowest mean response at %s %% load (L/o/g = %s): %s, %.2fx better than none",
                Cells.number(load), setting, best.get("policy"), gain));
        seed.stream().min(Comparator.comparingDouble(r -> num(r.get("makespan"))))
                .ifPresent(r -> line.append(String.format(Locale.ROOT,
                "; seed scenario: %s within %.0f %% of the ideal makespan",
                        r.get("policy"), 100 * (num(r.get("makespan")) / num(r.get("ideal_makespan")) - 1))));
        boolean pays = !"none".equals(best.get("policy")) && gain >= 1.05;
        return pays ? new Headline(BALANCE, line.toString(), "balancing pays", true)
                : new Headline(BALANCE, line.toString(), "no policy beats none by 5 % at the highest load", false);
    }

    private static Headline verdict(String section, String line, List<String> wrong, String fine) {
        return wrong.isEmpty() ? new Headline(section, line, fine, true)
                : new Headline(section, line, String.join("; ", wrong), false);
    }

    /** The most steps a schedule {@code algo} takes above the lower bound. */
    private static double excess(List<Map<String, Object>> gossip, String algo) {
        return gossip.stream().filter(r -> algo.equals(r.get("algo")))
                .mapToDouble(r -> num(r.get("steps")) - num(r.get("lower_bound"))).max().orElse(Double.NaN);
    }

    private static String load(Map<String, Object> row) {
        return row.get("load_avg_1m") instanceof Number l ? String.format(Locale.ROOT, ", load average %.2f",
                l.doubleValue()) : "";
    }

    private static double num(Object v) {
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
