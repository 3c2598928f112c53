package org.logplab.bench.experiment.fft;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The best serial time measured at one size N in a run of {@code logplab fft}: the least of our
 * serial FFT's time and the serial peers' (JTransforms on one thread, FFTW) where they ran, and
 * the engine it came from. A parallel engine's speedup over it ({@link #speedup}) is the one to
 * quote beside other tools: a speedup over our own serial FFT says how the algorithm scales, but
 * grows with every cycle our serial code wastes. Our serial FFT's time at N is the median of the
 * {@code serial_ns} of the run's rows at N (each row times it afresh beside its engine); a peer's
 * is its row's {@code parallel_ns}. Ties go to our serial FFT. Times in ns; immutable.
 *
 * @param nanos the best serial time at N, ns
 * @param engine the {@code --engine} label of the serial peer it came from, or {@link #OURS}
 * @param oursNanos our serial FFT's time at N, ns
 * @param peerNanos each serial peer's time at N, ns, by engine label (empty where none ran)
 */
public record BestSerial(long nanos, String engine, long oursNanos, Map<String, Long> peerNanos) {
    /** The {@code best_serial_engine} of a size where our serial FFT is the fastest serial code. */
    public static final String OURS = "serial";

    /** Keeps a copy of {@code peerNanos}, in its order. */
    public BestSerial {
        peerNanos = Collections.unmodifiableMap(new LinkedHashMap<>(peerNanos));
    }

    /**
     * The least of {@code oursNanos} and {@code peerNanos} (engine label to ns, in order: the first
     * of equal peers wins; our serial FFT wins a tie with any).
     */
    public static BestSerial of(long oursNanos, Map<String, Long> peerNanos) {
        long nanos = oursNanos;
        String engine = OURS;
        for (Map.Entry<String, Long> peer : peerNanos.entrySet()) {
            if (peer.getValue() < nanos) {
                nanos = peer.getValue();
                engine = peer.getKey();
            }
        }
        return new BestSerial(nanos, engine, oursNanos, peerNanos);
    }

    /** Whether the row of {@code engine} on {@code p} threads times a serial peer: JTransforms on one, FFTW. */
    public static boolean serialPeer(String engine, int p) {
        return p == 1 && (FftEngine.JTRANSFORMS.label().equals(engine) || FftEngine.FFTW.label().equals(engine));
    }

    /**
     * The best serial time at each N of {@code rows} (fields {@code n}, {@code p}, {@code engine},
     * {@code serial_ns}, {@code parallel_ns}, as {@link FftSweep} puts them), by N ascending.
     */
    public static Map<Integer, BestSerial> perSize(List<? extends Map<String, ?>> rows) {
        Map<Integer, List<Long>> ours = new TreeMap<>();
        Map<Integer, Map<String, Long>> peers = new TreeMap<>();
        for (Map<String, ?> r : rows) {
            int n = number(r, "n").intValue();
            ours.computeIfAbsent(n, k -> new ArrayList<>()).add(number(r, "serial_ns").longValue());
            String engine = String.valueOf(r.get("engine"));
            if (serialPeer(engine, number(r, "p").intValue())) {
                peers.computeIfAbsent(n, k -> new LinkedHashMap<>()).put(engine, number(r, "parallel_ns").longValue());
            }
        }
        Map<Integer, BestSerial> best = new TreeMap<>();
        ours.forEach((n, times) -> {
            times.sort(null);
            best.put(n, of(times.get(times.size() / 2), peers.getOrDefault(n, Map.of())));
        });
        return best;
    }

    /**
     * Puts into each of {@code rows} its size's {@link #fields} (the best serial time computed
     * from all of {@code rows}); returns the best serial time per N.
     */
    public static Map<Integer, BestSerial> annotate(List<? extends Map<String, Object>> rows) {
        Map<Integer, BestSerial> best = perSize(rows);
        for (Map<String, Object> r : rows) {
            r.putAll(best.get(number(r, "n").intValue()).fields(number(r, "parallel_ns").longValue()));
        }
        return best;
    }

    /** Whether our serial FFT is the best serial code at this N. */
    public boolean ours() {
        return OURS.equals(engine);
    }

    /** The speedup over this best serial time of an engine that took {@code parallelNanos}. */
    public double speedup(long parallelNanos) {
        return nanos / (double) parallelNanos;
    }

    /**
     * The JSON fields of a row whose engine took {@code parallelNanos}: {@code best_serial_ns},
     * {@code best_serial_engine} and {@code speedup_vs_best}.
     */
    public Map<String, Object> fields(long parallelNanos) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("best_serial_ns", nanos);
        f.put("best_serial_engine", engine);
        f.put("speedup_vs_best", speedup(parallelNanos));
        return f;
    }

    private static Number number(Map<String, ?> row, String key) {
        if (!(row.get(key) instanceof Number v)) {
            throw new IllegalArgumentException("an FFT row needs a number " + key + ", got " + row);
        }
        return v;
    }
}
