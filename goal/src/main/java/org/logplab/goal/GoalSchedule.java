package org.logplab.goal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A GOAL schedule: for each rank, its operations (sends, receives, calcs) and the dependencies
 * between them, immutable. Operations are numbered globally, rank by rank in the order the
 * schedule declares them (rank {@code r} owns {@code first(r) .. end(r) - 1}); that order is
 * LogGOPSim's too, and it decides the order of operations that become ready together.
 *
 * <p>Stored as a structure of arrays, one primitive array per field and none of objects per
 * operation, so that a schedule of millions of operations takes some tens of bytes each. Sizes are
 * bytes for messages and model units for calcs; {@link #ANY} ({@code -1}) as a receive's source is
 * any source, as a tag any tag. Tags are LogGOPSim's unsigned 32-bit values held in an
 * {@code int}: {@code 4294967295} is {@code -1}.
 *
 * <p>Dependencies: {@code a requires b} (a starts after b finished) and {@code a irequires b} (a
 * starts after b started), each kept as often and in the order the schedule gives it (LogGOPSim
 * counts a repeated line twice). {@link #finishDependents} lists, for {@code b}, the operations
 * that require it, in that order; {@link #startDependents} those that irequire it. A schedule is
 * acyclic: {@link Builder#build} refuses a cycle.
 */
public final class GoalSchedule {
    /** A receive's source or a tag that matches any: GOAL's {@code -1}. */
    public static final int ANY = -1;

    private final int ranks;
    private final int[] rankStart;
    private final byte[] kind;
    private final long[] size;
    private final int[] peer;
    private final int[] tag;
    private final byte[] cpu;
    private final byte[] nic;
    private final int[] labelStart;
    private final byte[] labelChars;
    private final int[] finishStart;
    private final int[] finishDependents;
    private final int[] startStart;
    private final int[] startDependents;
    // derived from the above: not part of equality
    private final int[] owner;
    private final int[] requirements;
    private final int maxCpu;
    private final int maxNic;

    private GoalSchedule(Builder b, int ranks) {
        int ops = b.ops;
        this.ranks = ranks;
        this.rankStart = Arrays.copyOf(b.rankStart, ranks + 1);
        this.rankStart[ranks] = ops;
        this.kind = Arrays.copyOf(b.kind, ops);
        this.size = Arrays.copyOf(b.size, ops);
        this.peer = Arrays.copyOf(b.peer, ops);
        this.tag = Arrays.copyOf(b.tag, ops);
        this.cpu = Arrays.copyOf(b.cpu, ops);
        this.nic = Arrays.copyOf(b.nic, ops);
        this.labelStart = Arrays.copyOf(b.labelStart, ops + 1);
        this.labelChars = Arrays.copyOf(b.labelChars, b.labelStart[ops]);
        this.finishStart = new int[ops + 1];
        this.startStart = new int[ops + 1];
        this.requirements = new int[ops];
        int finishEdges = 0;
        for (int e = 0; e < b.edges; e++) {
            requirements[b.edgeDependent[e]]++;
            if (b.edgeStarts[e]) {
                startStart[b.edgeRequired[e] + 1]++;
            } else {
                finishStart[b.edgeRequired[e] + 1]++;
                finishEdges++;
            }
        }
        for (int i = 0; i < ops; i++) {
            finishStart[i + 1] += finishStart[i];
            startStart[i + 1] += startStart[i];
        }
        this.finishDependents = new int[finishEdges];
        this.startDependents = new int[b.edges - finishEdges];
        int[] fill = Arrays.copyOf(finishStart, ops);
        int[] sfill = Arrays.copyOf(startStart, ops);
        for (int e = 0; e < b.edges; e++) {
            if (b.edgeStarts[e]) {
                startDependents[sfill[b.edgeRequired[e]]++] = b.edgeDependent[e];
            } else {
                finishDependents[fill[b.edgeRequired[e]]++] = b.edgeDependent[e];
            }
        }
        this.owner = new int[ops];
        for (int r = 0; r < ranks; r++) {
            Arrays.fill(owner, rankStart[r], rankStart[r + 1], r);
        }
        int mc = 0;
        int mn = 0;
        for (int i = 0; i < ops; i++) {
            mc = Math.max(mc, cpu[i] & 0xff);
            mn = Math.max(mn, nic[i] & 0xff);
        }
        this.maxCpu = mc;
        this.maxNic = mn;
    }

    /** A builder of a schedule, rank by rank. */
    public static Builder builder() {
        return new Builder();
    }

    /** The number of ranks ({@code num_ranks}). */
    public int ranks() {
        return ranks;
    }

    /** The number of operations of all ranks. */
    public int operations() {
        return kind.length;
    }

    /** The number of dependencies ({@code requires} and {@code irequires} lines) of all ranks. */
    public int dependencies() {
        return finishDependents.length + startDependents.length;
    }

    /** The first operation of {@code rank}. */
    public int first(int rank) {
        return rankStart[rank];
    }

    /** One past the last operation of {@code rank}. */
    public int end(int rank) {
        return rankStart[rank + 1];
    }

    /** The rank that performs {@code op}. */
    public int owner(int op) {
        return owner[op];
    }

    /** What {@code op} does. */
    public OpKind kind(int op) {
        return OpKind.of(kind[op]);
    }

    /** LogGOPSim's code of {@code op}'s kind: 1 send, 2 receive, 3 calc ({@link OpKind#code}). */
    public int kindCode(int op) {
        return kind[op];
    }

    /** A message's size in bytes, or a calc's time in model units. */
    public long size(int op) {
        return size[op];
    }

    /** A send's destination, a receive's source ({@link #ANY} for any); 0 for a calc. */
    public int peer(int op) {
        return peer[op];
    }

    /** A send's or a receive's tag ({@link #ANY} for any, unsigned beyond); 0 for a calc. */
    public int tag(int op) {
        return tag[op];
    }

    /** The index of the CPU that performs {@code op} (0..255). */
    public int cpu(int op) {
        return cpu[op] & 0xff;
    }

    /** The index of the NIC that carries {@code op} (0..255; always 0 for a calc). */
    public int nic(int op) {
        return nic[op] & 0xff;
    }

    /** The largest CPU index any operation names: every rank has {@code maxCpu() + 1} CPUs. */
    public int maxCpu() {
        return maxCpu;
    }

    /** The largest NIC index any operation names: every rank has {@code maxNic() + 1} NICs. */
    public int maxNic() {
        return maxNic;
    }

    /** The label of {@code op}, or null if it has none. */
    public String label(int op) {
        int from = labelStart[op];
        int to = labelStart[op + 1];
        return from == to ? null : new String(labelChars, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /** How many {@code requires} and {@code irequires} lines name {@code op} as the one that waits. */
    public int requirements(int op) {
        return requirements[op];
    }

    /** How many operations require {@code op} (start after it finished). */
    public int finishDependentCount(int op) {
        return finishStart[op + 1] - finishStart[op];
    }

    /** The {@code k}th operation that requires {@code op}, in the schedule's order. */
    public int finishDependent(int op, int k) {
        return finishDependents[finishStart[op] + k];
    }

    /** How many operations irequire {@code op} (start after it started). */
    public int startDependentCount(int op) {
        return startStart[op + 1] - startStart[op];
    }

    /** The {@code k}th operation that irequires {@code op}, in the schedule's order. */
    public int startDependent(int op, int k) {
        return startDependents[startStart[op] + k];
    }

    /** {@code op} for people: its label, or {@code #k}, its place (from 1) among its rank's operations. */
    public String name(int op) {
        String label = label(op);
        return label != null ? label : "#" + (op - rankStart[owner[op]] + 1);
    }

    /**
     * {@code op} as GOAL writes it, without its label: {@code send 8b to 1 tag 7}, with {@code cpu}
     * and {@code nic} where they are not 0.
     */
    public String text(int op) {
        StringBuilder b = new StringBuilder(32);
        OpKind k = kind(op);
        b.append(k.keyword()).append(' ').append(size[op]);
        if (k != OpKind.CALC) {
            b.append("b ").append(k == OpKind.SEND ? "to " : "from ").append(peer[op])
                    .append(" tag ").append(tag[op] == ANY ? "-1" : Integer.toUnsignedString(tag[op]));
        }
        if (cpu[op] != 0) {
            b.append(" cpu ").append(cpu(op));
        }
        if (nic[op] != 0) {
            b.append(" nic ").append(nic(op));
        }
        return b.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GoalSchedule s && ranks == s.ranks && Arrays.equals(rankStart, s.rankStart)
                && Arrays.equals(kind, s.kind) && Arrays.equals(size, s.size) && Arrays.equals(peer, s.peer)
                && Arrays.equals(tag, s.tag) && Arrays.equals(cpu, s.cpu) && Arrays.equals(nic, s.nic)
                && Arrays.equals(labelStart, s.labelStart) && Arrays.equals(labelChars, s.labelChars)
                && Arrays.equals(finishStart, s.finishStart) && Arrays.equals(finishDependents, s.finishDependents)
                && Arrays.equals(startStart, s.startStart) && Arrays.equals(startDependents, s.startDependents);
    }

    @Override
    public int hashCode() {
        int h = ranks;
        h = 31 * h + Arrays.hashCode(kind);
        h = 31 * h + Arrays.hashCode(size);
        h = 31 * h + Arrays.hashCode(peer);
        h = 31 * h + Arrays.hashCode(finishDependents);
        return 31 * h + Arrays.hashCode(startDependents);
    }

    @Override
    public String toString() {
        return "GOAL schedule of " + ranks + " ranks, " + operations() + " operations, " + dependencies()
                + " dependencies";
    }

    /**
     * Makes a schedule rank by rank: {@link #rank} opens the next rank, then its operations are
     * added in order and its dependencies between operations added before. Labels are the
     * rank's own: one names one operation of its rank. Refusals are {@link GoalException}s in
     * words. Not thread-safe.
     */
    public static final class Builder {
        private int ranks;
        private int[] rankStart = new int[16];
        private int ops;
        private byte[] kind = new byte[64];
        private long[] size = new long[64];
        private int[] peer = new int[64];
        private int[] tag = new int[64];
        private byte[] cpu = new byte[64];
        private byte[] nic = new byte[64];
        private int[] labelStart = new int[65];
        private byte[] labelChars = new byte[256];
        private int edges;
        private int[] edgeRequired = new int[64];
        private int[] edgeDependent = new int[64];
        private boolean[] edgeStarts = new boolean[64];
        private final Map<String, Integer> labels = new HashMap<>();
        /** The words that start a statement: a label cannot be one of them. */
        private static final Set<String> KEYWORDS = Set.of("send", "recv", "calc", "rank",
                "num_ranks");

        private Builder() {
        }

        /** Opens rank {@code rank}, which must be the next one (ranks come in order from 0). */
        public Builder rank(int rank) {
            if (rank != ranks) {
                throw new GoalException(ranks == 0 && rank != 0 ? "the first rank must be rank 0, not rank " + rank
                        : "rank " + rank + " comes out of order: after rank " + (ranks - 1) + " comes rank "
                        + ranks);
            }
            if (ranks + 1 >= rankStart.length) {
                rankStart = Arrays.copyOf(rankStart, rankStart.length * 2);
            }
            rankStart[ranks++] = ops;
            labels.clear();
            return this;
        }

        /** The ranks opened so far. */
        public int ranks() {
            return ranks;
        }

        /** The operations added so far. */
        public int operations() {
            return ops;
        }

        /** Adds {@code send <size>b to <to> tag <tag> cpu <cpu> nic <nic>}; returns its number. */
        public int send(String label, long bytes, int to, int tag, int cpu, int nic) {
            if (to < 0) {
                throw new GoalException("a send needs a destination rank, not " + to);
            }
            return add(label, OpKind.SEND, bytes, to, tag, cpu, nic);
        }

        /** Adds {@code recv <size>b from <from> tag <tag> cpu <cpu> nic <nic>} ({@code from} may be {@link #ANY}). */
        public int recv(String label, long bytes, int from, int tag, int cpu, int nic) {
            if (from < ANY) {
                throw new GoalException("a receive's source is a rank or -1 (any), not " + from);
            }
            return add(label, OpKind.RECV, bytes, from, tag, cpu, nic);
        }

        /** Adds {@code calc <time> cpu <cpu>}; returns its number. */
        public int calc(String label, long time, int cpu) {
            return add(label, OpKind.CALC, time, 0, 0, cpu, 0);
        }

        /** The operation of the open rank that {@code label} names, or -1 if none does. */
        public int operation(String label) {
            Integer op = labels.get(label);
            return op == null ? -1 : op;
        }

        /** {@code a requires b}: {@code a} starts after {@code b} finished (both of the open rank). */
        public Builder requires(int a, int b) {
            return edge(a, b, false);
        }

        /** {@code a irequires b}: {@code a} starts after {@code b} started (both of the open rank). */
        public Builder irequires(int a, int b) {
            return edge(a, b, true);
        }

        /**
         * The schedule of {@code numRanks} ranks: every rank must have been opened, every peer
         * must be one of them, and no operation may wait on itself round a cycle of
         * dependencies.
         */
        public GoalSchedule build(int numRanks) {
            if (numRanks < 1) {
                throw new GoalException("num_ranks must be at least 1, got " + numRanks);
            }
            if (ranks != numRanks) {
                throw new GoalException(ranks < numRanks ? "num_ranks is " + numRanks + " but only ranks 0.."
                        + (ranks - 1) + " have blocks: rank " + ranks + " is missing"
                        : "rank " + (ranks - 1) + " is out of range: num_ranks is " + numRanks);
            }
            if (rankStart.length < ranks + 1) {
                rankStart = Arrays.copyOf(rankStart, ranks + 1);
            }
            rankStart[ranks] = ops;
            for (int i = 0; i < ops; i++) {
                if (kind[i] != OpKind.CALC.code() && peer[i] >= numRanks) {
                    int r = ownerWhileBuilding(i);
                    throw new GoalException("rank " + r + ", " + nameWhileBuilding(i, r) + ": "
                            + OpKind.of(kind[i]).keyword() + (kind[i] == OpKind.SEND.code() ? " to " : " from ")
                            + "rank " + peer[i] + ", which is out of range: num_ranks is " + numRanks);
                }
            }
            GoalSchedule s = new GoalSchedule(this, numRanks);
            Cycles.refuse(s, edges, edgeRequired, edgeDependent, edgeStarts);
            return s;
        }

        private int add(String label, OpKind k, long value, int p, int t, int c, int n) {
            if (ranks == 0) {
                throw new GoalException("an operation outside a rank: open one with rank 0 first");
            }
            if (value < 0) {
                throw new GoalException((k == OpKind.CALC ? "a calc's time" : "a message's size") + " must be at"
                        + " least 0, got " + value);
            }
            if (c < 0 || c > 255 || n < 0 || n > 255) {
                throw new GoalException("cpu and nic are 0..255 (LogGOPSim keeps each in a byte), got cpu " + c
                        + ", nic " + n);
            }
            if (ops == kind.length) {
                grow();
            }
            int op = ops;
            if (label != null) {
                checkLabel(label);
                Integer before = labels.putIfAbsent(label, op);
                if (before != null) {
                    throw new GoalException("label " + label + " names two operations of rank " + (ranks - 1)
                            + ": " + OpKind.of(kind[before]).keyword() + " and " + k.keyword());
                }
                byte[] bytes = label.getBytes(StandardCharsets.ISO_8859_1);
                int at = labelStart[op];
                if (at + bytes.length > labelChars.length) {
                    labelChars = Arrays.copyOf(labelChars, Math.max(labelChars.length * 2, at + bytes.length));
                }
                System.arraycopy(bytes, 0, labelChars, at, bytes.length);
                labelStart[op + 1] = at + bytes.length;
            } else {
                labelStart[op + 1] = labelStart[op];
            }
            kind[op] = k.code();
            size[op] = value;
            peer[op] = p;
            tag[op] = t;
            cpu[op] = (byte) c;
            nic[op] = (byte) n;
            ops++;
            return op;
        }

        private static void checkLabel(String label) {
            boolean ok = !label.isEmpty() && isLetter(label.charAt(0));
            for (int i = 1; ok && i < label.length(); i++) {
                char ch = label.charAt(i);
                ok = isLetter(ch) || ch >= '0' && ch <= '9' || ch == '_';
            }
            if (!ok) {
                throw new GoalException("a label is a letter, then letters, digits and _, not '" + label + "'");
            }
            if (KEYWORDS.contains(label)) {
                throw new GoalException("'" + label + "' is a keyword of GOAL, not a label");
            }
        }

        private static boolean isLetter(char ch) {
            return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z';
        }

        private Builder edge(int a, int b, boolean starts) {
            int first = ranks == 0 ? 0 : rankStart[ranks - 1];
            if (a < first || a >= ops || b < first || b >= ops) {
                throw new GoalException("a dependency joins two operations of the open rank " + (ranks - 1)
                        + ", not operations " + a + " and " + b);
            }
            if (edges == edgeRequired.length) {
                edgeRequired = Arrays.copyOf(edgeRequired, edges * 2);
                edgeDependent = Arrays.copyOf(edgeDependent, edges * 2);
                edgeStarts = Arrays.copyOf(edgeStarts, edges * 2);
            }
            edgeRequired[edges] = b;
            edgeDependent[edges] = a;
            edgeStarts[edges] = starts;
            edges++;
            return this;
        }

        private void grow() {
            int n = kind.length * 2;
            kind = Arrays.copyOf(kind, n);
            size = Arrays.copyOf(size, n);
            peer = Arrays.copyOf(peer, n);
            tag = Arrays.copyOf(tag, n);
            cpu = Arrays.copyOf(cpu, n);
            nic = Arrays.copyOf(nic, n);
            labelStart = Arrays.copyOf(labelStart, n + 1);
        }

        private int ownerWhileBuilding(int op) {
            int r = Arrays.binarySearch(rankStart, 0, ranks, op);
            if (r < 0) {
                return -r - 2;
            }
            while (r + 1 < ranks && rankStart[r + 1] == op) {
                r++; // ranks without operations share their start with the next
            }
            return r;
        }

        private String nameWhileBuilding(int op, int rank) {
            int from = labelStart[op];
            int to = labelStart[op + 1];
            return from == to ? "#" + (op - rankStart[rank] + 1)
                    : new String(labelChars, from, to - from, StandardCharsets.ISO_8859_1);
        }
    }

    /** The refusal of a dependency cycle, naming the operations on it. */
    private static final class Cycles {
        private Cycles() {
        }

        static void refuse(GoalSchedule s, int edges, int[] required, int[] dependent, boolean[] starts) {
            int ops = s.operations();
            int[] waiting = s.requirements.clone();
            int[] ready = new int[ops];
            int head = 0;
            int tail = 0;
            for (int i = 0; i < ops; i++) {
                if (waiting[i] == 0) {
                    ready[tail++] = i;
                }
            }
            while (head < tail) {
                int b = ready[head++];
                for (int k = 0; k < s.finishDependentCount(b); k++) {
                    int a = s.finishDependent(b, k);
                    if (--waiting[a] == 0) {
                        ready[tail++] = a;
                    }
                }
                for (int k = 0; k < s.startDependentCount(b); k++) {
                    int a = s.startDependent(b, k);
                    if (--waiting[a] == 0) {
                        ready[tail++] = a;
                    }
                }
            }
            if (tail == ops) {
                return;
            }
            // every operation left waits on another one left: walk back from one until an operation repeats
            Map<Integer, Integer> edgeInto = new HashMap<>();
            for (int e = 0; e < edges; e++) {
                if (waiting[dependent[e]] > 0 && waiting[required[e]] > 0) {
                    edgeInto.putIfAbsent(dependent[e], e);
                }
            }
            int start = -1;
            for (int i = 0; i < ops && start < 0; i++) {
                if (waiting[i] > 0) {
                    start = i;
                }
            }
            List<Integer> path = new ArrayList<>();
            Map<Integer, Integer> seen = new HashMap<>();
            int at = start;
            while (!seen.containsKey(at)) {
                seen.put(at, path.size());
                int e = edgeInto.get(at);
                path.add(e);
                at = required[e];
            }
            List<String> steps = new ArrayList<>();
            for (int e : path.subList(seen.get(at), path.size())) {
                steps.add(s.name(dependent[e]) + (starts[e] ? " irequires " : " requires ") + s.name(required[e]));
            }
            throw new GoalException("dependency cycle in rank " + s.owner(at) + ": " + String.join(", ", steps)
                    + ": none of them can ever start");
        }
    }
}
