package org.logplab.core.collective.ktree;

/**
 * One k-tree broadcast run, as the command line prints it: the rounds the schedule took through a
 * {@link KPortNetwork} (every round checked) beside Ding and Li's upper and lower bounds.
 *
 * <pre>{@code
 * KTreeReport r = KTreeReport.run(4, 7, 2);
 * System.out.println(r.rounds() + " rounds, bounds " + r.lowerBound() + ".." + r.upperBound());
 * }</pre>
 *
 * <p>Both bounds use the ports in use, {@code k' = min(k, n - 1)} (equal to {@code k} whenever
 * {@code n > k}): with {@code n - 1 < k} a processor has only {@code n - 1} distinct peers, and the
 * seed's bound with {@code k} itself is then unattainable (for {@code n = 2} every message crosses
 * the one link alone, {@code m} rounds, not {@code ceil(m/k) + 2}).
 *
 * @param m the number of messages
 * @param n the number of processors, the source included
 * @param k the ports asked for
 * @param ports the ports in use, {@code k' = min(k, n - 1)}; 0 when {@code n = 1}
 * @param rounds the rounds the schedule took
 * @param upperBound the seed's bound {@code ceil(m/k') + max(ceil(log_k'(n + 2k')), 2)}, see {@link #upperBound}
 * @param lowerBound Theorem 2's {@code ceil(m/k') - 1 + ceil(log_(k'+1) n)}, see {@link #lowerBound}
 * @param ok every processor ended holding all {@code m} messages (a k-port violation throws instead)
 */
public record KTreeReport(int m, int n, int k, int ports, int rounds, int upperBound, int lowerBound, boolean ok) {

    /**
     * The largest {@code n * max(m, k')} accepted by {@link #run}: the run sends about {@code n m}
     * messages and keeps {@code n m} bits of holdings and {@code n k'} tree edges, so 2^25 bounds it
     * to a few seconds and some tens of MiB.
     */
    public static final long MAX_WORK = 1L << 25;

    /**
     * Runs the k-tree broadcast of {@code m} messages to {@code n} processors with {@code k} ports
     * through a fresh {@link KPortNetwork}. Thread-safe.
     *
     * @throws IllegalArgumentException if {@code m}, {@code n} or {@code k} is below 1, or
     *     {@code n * max(m, k')} exceeds {@link #MAX_WORK}
     */
    public static KTreeReport run(int m, int n, int k) {
        validate(m, n, k);
        KTreeBroadcast broadcast = new KTreeBroadcast(n, k);
        KPortNetwork network = new KPortNetwork(n, k, m);
        int rounds = broadcast.schedule().run(network);
        return new KTreeReport(m, n, k, broadcast.ports(), rounds, upperBound(m, n, k), lowerBound(m, n, k),
                network.allHoldEverything());
    }

    /**
     * Checks that {@link #run} accepts {@code (m, n, k)}, so that a caller can refuse a whole sweep
     * before running any of it.
     *
     * @throws IllegalArgumentException if {@code m}, {@code n} or {@code k} is below 1, or
     *     {@code n * max(m, k')} exceeds {@link #MAX_WORK}
     */
    public static void validate(int m, int n, int k) {
        check(m, n, k);
        long work = (long) n * Math.max(m, Math.min(k, n - 1));
        if (work > MAX_WORK) {
            throw new IllegalArgumentException("n * max(m, min(k, n - 1)) = " + work + " is over the limit "
                    + MAX_WORK + " (2^25) of one run (m " + m + ", n " + n + ", k " + k + ")");
        }
    }

    /**
     * The seed's bound on the k-tree algorithm, with {@code k' = min(k, n - 1)}:
     * {@code ceil(m/k') + max(ceil(log_k'(n + 2k')), 2)} for {@code k' >= 2}. For {@code k' = 1}
     * the logarithm has no base; the algorithm's one tree is then the chain 0, 1, ..., n-1 and
     * message {@code i} reaches processor {@code n - 1} in round {@code i + n - 1}, so the bound is
     * {@code m + n - 2}, met exactly. 0 for {@code n = 1}: the source already holds everything.
     */
    public static int upperBound(int m, int n, int k) {
        check(m, n, k);
        if (n == 1) {
            return 0;
        }
        int ports = Math.min(k, n - 1);
        if (ports == 1) {
            return m + n - 2;
        }
        return Math.ceilDiv(m, ports) + Math.max(IntLog.ceilLog(ports, n + 2L * ports), 2);
    }

    /**
     * Theorem 2's lower bound for any k-port algorithm, {@code ceil(m/k') - 1 + ceil(log_(k'+1) n)}
     * with {@code k' = min(k, n - 1)}: after round {@code r} at most {@code k' r} messages have left
     * the source, so some message first leaves in round {@code ceil(m/k')} or later, and from one
     * holder a message reaches at most {@code (k'+1)^j} processors in {@code j} rounds. 0 for {@code n = 1}.
     */
    public static int lowerBound(int m, int n, int k) {
        check(m, n, k);
        if (n == 1) {
            return 0;
        }
        int ports = Math.min(k, n - 1);
        return Math.ceilDiv(m, ports) - 1 + IntLog.ceilLog(ports + 1L, n);
    }

    /** {@code rounds / lowerBound}: 1 is optimal; 1 also when {@code n = 1}. */
    public double ratioToLowerBound() {
        return lowerBound == 0 ? 1 : rounds / (double) lowerBound;
    }

    private static void check(int m, int n, int k) {
        if (m < 1 || n < 1 || k < 1) {
            throw new IllegalArgumentException("k-tree broadcast needs m >= 1, n >= 1 and k >= 1, got m " + m
                    + ", n " + n + ", k " + k);
        }
    }
}
