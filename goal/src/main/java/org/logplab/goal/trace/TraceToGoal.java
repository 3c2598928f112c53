package org.logplab.goal.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Trace;
import org.logplab.core.TraceEvent;
import org.logplab.goal.GoalSchedule;
import org.logplab.goal.GoalWriter;

/**
 * Writes the schedule a model-clock run executed as GOAL text, from the run's {@link Trace}: for
 * each rank, its sends ({@code send <bytes>b to <peer> tag <tag>}), receives ({@code recv <bytes>b
 * from <peer> tag <tag>}, the source the run actually received from) and computations ({@code calc
 * <units>}, their length in model units) in program order, each labelled {@code l1, l2, ...} and
 * requiring the one before it. Lines are not indented (LogGOPSim's txt2bin misreads indented
 * lines).
 *
 * <p><b>Where LogGOPSim agrees.</b> With {@code G = 0}, {@code O = 0} and every message eager
 * ({@code S} at least the largest message), LogGOPSim's rules for a send (its CPU busy {@code o},
 * its NIC's next send {@code g} later, the message arriving {@code o + L} after it started) and for
 * computation are the model clock's, and it keeps the receive gap apart from the send gap, as the
 * model clock does. They differ in one thing: LogGOPSim takes a message (its CPU busy {@code o}, its
 * NIC's next receive {@code g} later) as soon as the message has arrived and the CPU is free, in
 * the order messages arrive, whatever the program is doing; the model clock takes it when the
 * program reaches the receive. So the finish times are the same for any {@code L}, {@code o},
 * {@code g} when each rank's messages arrive in the order it receives them, and each arrives after
 * the rank started the operation before its receive, or, if earlier, with only computation between
 * its arrival and the receive and the receive starting as soon as that computation ends: LogGOPSim
 * then takes each message when the program does, or swaps it with computation without moving
 * anything after the receive ({@link Summary#logGopSimCaveat()} is null; this is sufficient, not
 * necessary). The trees of the broadcasts, the butterfly all-reduce on a power of 2, the tree reduce
 * and broadcast, and the optimal summation are such schedules; the butterfly's fold on other sizes
 * is not (a message arrives while its receiver is still sending ahead of the receive). A rank that
 * waits with a deadline ({@code recvAnyBy}) idles in a way GOAL cannot say.
 */
public final class TraceToGoal {
    /** LogGOPSim's default eager limit {@code S}, in bytes. */
    public static final long LOGGOPSIM_DEFAULT_S = 65535;

    private TraceToGoal() {
    }

    /**
     * What was written.
     *
     * @param ranks          the ranks ({@code num_ranks})
     * @param sends          the send operations
     * @param receives       the receive operations
     * @param calcs          the calc operations
     * @param largestMessage the largest message, in bytes (0 when there is none)
     * @param logGopSimCaveat null when LogGOPSim gives every rank the model clock's finish time
     *                        under {@link #logGopSimFlags(LogP)}; else the first reason it may not
     */
    public record Summary(int ranks, long sends, long receives, long calcs, int largestMessage,
                          String logGopSimCaveat) {
        /** All operations. */
        public long operations() {
            return sends + receives + calcs;
        }

        /**
         * LogGOPSim's flags under which its finish times are the model clock's for the run of
         * {@code params}: the same {@code L}, {@code o}, {@code g}; {@code G} and {@code O} 0; {@code S}
         * its default, or the largest message when that is larger (every message eager).
         */
        public String logGopSimFlags(LogP params) {
            return "-L " + params.L() + " -o " + params.o() + " -g " + params.g() + " -G 0 -O 0 -S "
                    + Math.max(LOGGOPSIM_DEFAULT_S, largestMessage);
        }

        /** Whether LogGOPSim gives every rank the model clock's finish time under {@link #logGopSimFlags}. */
        public boolean logGopSimAgrees() {
            return logGopSimCaveat == null;
        }

        /** One sentence: LogGOPSim's flags for the same finish times, or why it may give others. */
        public String logGopSimLine(LogP params) {
            return logGopSimAgrees() ? "LogGOPSim gives the same finish times with " + logGopSimFlags(params) + "."
                    : "LogGOPSim may give other finish times (with " + logGopSimFlags(params) + "): " + logGopSimCaveat
                    + ".";
        }
    }

    /**
     * Writes the schedule of {@code trace} to {@code file} (replaced if it exists).
     *
     * @see #write(Trace, LogP, Writer)
     */
    public static Summary write(Trace trace, LogP params, Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            return write(trace, params, w);
        }
    }

    /**
     * Writes the schedule of {@code trace}, a model-clock run on {@code params.P()} ranks, to
     * {@code out}: two comment lines (the run's parameters and LogGOPSim's flags for the same
     * finish times), {@code num_ranks}, then every rank's block in rank order (empty for a rank
     * that did nothing).
     *
     * @throws IllegalArgumentException when the trace is a wall-clock one (its times are not the
     *         model's), names a rank or peer outside {@code 0..P-1}, has a negative tag (GOAL's tags
     *         are non-negative, {@code -1} meaning any), or has two operations of one rank overlap
     */
    public static Summary write(Trace trace, LogP params, Writer out) throws IOException {
        Objects.requireNonNull(params, "params");
        if (trace.clock() != ClockKind.MODEL) {
            throw new IllegalArgumentException("a " + trace.clock().name().toLowerCase(Locale.ROOT) + "-clock trace"
                    + " has no exact schedule: GOAL is written from a model-clock run");
        }
        int ranks = params.P();
        List<List<TraceEvent>> byRank = new ArrayList<>(ranks);
        for (int r = 0; r < ranks; r++) {
            byRank.add(new ArrayList<>());
        }
        long sends = 0;
        long receives = 0;
        long calcs = 0;
        int largest = 0;
        for (TraceEvent e : trace.events()) { // by start, then rank; a rank's events keep program order
            check(e, ranks);
            List<TraceEvent> mine = byRank.get(e.rank());
            if (!mine.isEmpty() && e.start() < mine.get(mine.size() - 1).end()) {
                throw new IllegalArgumentException("rank " + e.rank() + "'s " + e + " starts before its "
                        + mine.get(mine.size() - 1) + " ends: not one processor's sequential run");
            }
            mine.add(e);
            switch (e.kind()) {
                case SEND -> sends++;
                case RECV -> receives++;
                case COMPUTE -> calcs++;
            }
            if (e.kind() != TraceEvent.Kind.COMPUTE) {
                largest = Math.max(largest, e.bytes());
            }
        }
        Summary summary = new Summary(ranks, sends, receives, calcs, largest, caveat(byRank, params));
        GoalSchedule.Builder schedule = GoalSchedule.builder();
        for (int r = 0; r < ranks; r++) {
            schedule.rank(r);
            int previous = -1;
            int place = 0;
            for (TraceEvent e : byRank.get(r)) {
                String label = "l" + ++place;
                int op = switch (e.kind()) {
                    case SEND -> schedule.send(label, e.bytes(), e.peer(), e.tag(), 0, 0);
                    case RECV -> schedule.recv(label, e.bytes(), e.peer(), e.tag(), 0, 0);
                    case COMPUTE -> schedule.calc(label, e.end() - e.start(), 0);
                };
                if (previous >= 0) {
                    schedule.requires(op, previous); // program order: each operation after the one before
                }
                previous = op;
            }
        }
        BufferedWriter w = out instanceof BufferedWriter b ? b : new BufferedWriter(out);
        w.write("// The schedule of a LogP Lab model-clock run: " + ranks + " ranks, L=" + params.L() + " o="
                + params.o() + " g=" + params.g() + " G=" + params.G() + " (model units), each rank's operations in"
                + " program order.\n");
        w.write("// " + summary.logGopSimLine(params) + "\n");
        GoalWriter.write(schedule.build(ranks), w);
        w.flush();
        return summary;
    }

    /** Where a message goes: its source, destination and tag. */
    private record Channel(int source, int destination, int tag) {
    }

    /**
     * Null when LogGOPSim meets every message when the program does (see the class comment), else
     * the first place it may not, in words.
     */
    private static String caveat(List<List<TraceEvent>> byRank, LogP params) {
        if (params.G() != 0) {
            return "G = " + params.G() + ", which the model clock charges to the sender's CPU and LogGOPSim to the"
                    + " NICs and the receiver";
        }
        Map<Channel, ArrayDeque<Long>> arrivals = new HashMap<>();
        for (List<TraceEvent> mine : byRank) {
            for (TraceEvent e : mine) {
                if (e.kind() == TraceEvent.Kind.SEND) {
                    arrivals.computeIfAbsent(new Channel(e.rank(), e.peer(), e.tag()), c -> new ArrayDeque<>())
                            .add(e.end() + params.L());
                }
            }
        }
        for (List<TraceEvent> mine : byRank) {
            long lastArrival = Long.MIN_VALUE;
            for (int i = 0; i < mine.size(); i++) {
                TraceEvent e = mine.get(i);
                if (e.kind() != TraceEvent.Kind.RECV) {
                    continue;
                }
                ArrayDeque<Long> sent = arrivals.get(new Channel(e.peer(), e.rank(), e.tag()));
                if (sent == null || sent.isEmpty()) {
                    throw new IllegalArgumentException("trace event " + e + " receives a message no event sent");
                }
                long arrival = sent.poll();
                String where = "rank " + e.rank() + "'s l" + (i + 1) + " (recv from " + e.peer() + ")";
                if (arrival <= lastArrival) {
                    return where + " takes a message that arrives at " + arrival + ", not after the one its"
                            + " previous receive took (" + lastArrival + "): LogGOPSim takes messages in the order"
                            + " they arrive";
                }
                if (i > 0 && arrival <= mine.get(i - 1).start()) {
                    String early = early(mine, i, arrival);
                    if (early != null) {
                        return where + " takes a message that arrives at " + arrival + ", " + early;
                    }
                }
                lastArrival = arrival;
            }
        }
        return null;
    }

    /**
     * For the receive {@code mine.get(i)} whose message arrives at {@code arrival}, no later than its
     * previous operation starts: null when LogGOPSim, which takes the message at the first moment
     * its CPU is free, still starts the operation after the receive when the model clock does (only
     * computation lies between the arrival and the receive, and the receive started as soon as the
     * computation ended, held neither by the message nor by the gap); else why not.
     */
    private static String early(List<TraceEvent> mine, int i, long arrival) {
        for (int j = i - 1; j >= 0 && mine.get(j).start() >= arrival; j--) {
            TraceEvent between = mine.get(j);
            if (between.kind() != TraceEvent.Kind.COMPUTE) {
                return "before its l" + (j + 1) + " (" + between.kind().name().toLowerCase(Locale.ROOT) + ") started ("
                        + between.start() + "): LogGOPSim takes a message when it arrives, ahead of that operation";
            }
        }
        if (mine.get(i).start() != mine.get(i - 1).end()) {
            return "before its previous operation started (" + mine.get(i - 1).start() + "), and the receive then"
                    + " waited for the receive gap g until " + mine.get(i).start() + ": LogGOPSim takes the message"
                    + " when it arrives";
        }
        return null;
    }

    private static void check(TraceEvent e, int ranks) {
        if (e.rank() < 0 || e.rank() >= ranks) {
            throw new IllegalArgumentException("trace event " + e + " names rank " + e.rank() + ", outside 0.."
                    + (ranks - 1));
        }
        if (e.kind() != TraceEvent.Kind.COMPUTE) {
            if (e.peer() < 0 || e.peer() >= ranks) {
                throw new IllegalArgumentException("trace event " + e + " names peer " + e.peer() + ", outside 0.."
                        + (ranks - 1));
            }
            if (e.tag() < 0) {
                throw new IllegalArgumentException("trace event " + e + " has tag " + e.tag()
                        + ": GOAL's tags are non-negative (-1 means any tag)");
            }
        }
    }
}
