package org.logplab.goal.sim;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The places where LogGOPSim's behaviour is a choice of its code rather than the LogGOPS model.
 * A simulation with all of them ({@link #ALL}, the default) gives LogGOPSim's numbers; each one
 * left out gives the model's behaviour in its place, as each constant says. With one CPU and one
 * NIC per rank, {@link #CPU_STAMP} and {@link #RENDEZVOUS_INDICES} change nothing.
 */
public enum Quirk {
    /**
     * {@code ready-order}: operations that become ready together are queued sends first, then
     * receives, then calcs, as LogGOPSim's {@code std::sort} leaves them, which is not stable (with
     * GNU libstdc++, beyond 16 operations at once, those of one kind change places). Without it:
     * each kind keeps the order in which its operations became ready.
     */
    READY_ORDER("ready-order"),
    /**
     * {@code cpu-stamp}: an operation that becomes ready is stamped with the time its CPU is free
     * (for a send, its CPU and its NIC), and nothing else: on another CPU than the operation it
     * waited for, it can start before that one finished, even at a time the simulation has
     * passed. Without it: it starts no earlier than what it waited for finished (for
     * {@code irequires}, started) either.
     */
    CPU_STAMP("cpu-stamp"),
    /**
     * {@code rendezvous-indices}: a rendezvous send whose message a receive takes from the
     * unexpected queue is released by moving the sender's CPU and NIC with the receive's indices
     * to the match time. Without it: the send's own CPU and NIC.
     */
    RENDEZVOUS_INDICES("rendezvous-indices"),
    /**
     * {@code receive-size}: a receive that takes a message from the unexpected queue decides
     * eager or rendezvous by its own size, not the message's: a receive of at most {@code S}
     * bytes never releases the sender of a larger message, and a larger receive releases an eager
     * sender a second time (which can start what waits on it early). Without it: by the
     * message's size.
     */
    RECEIVE_SIZE("receive-size"),
    /**
     * {@code any-tag-send}: a send with tag {@code -1} matches a receive of any tag, as a receive
     * with tag {@code -1} matches any message. Without it: a send with tag {@code -1} is refused
     * before the run.
     */
    ANY_TAG_SEND("any-tag-send");

    /** Every quirk: LogGOPSim's behaviour. */
    public static final Set<Quirk> ALL = EnumSet.allOf(Quirk.class);

    private final String option;

    Quirk(String option) {
        this.option = option;
    }

    /** The quirk's name, as options give it. */
    public String option() {
        return option;
    }

    /**
     * The quirks a comma list names: {@code all}, {@code none}, or names of {@link #option()};
     * an unknown name is refused, listing the known ones.
     */
    public static Set<Quirk> parse(String list) {
        String text = list == null ? "" : list.trim().toLowerCase(Locale.ROOT);
        if (text.equals("all")) {
            return EnumSet.allOf(Quirk.class);
        }
        Set<Quirk> set = EnumSet.noneOf(Quirk.class);
        if (text.equals("none")) {
            return set;
        }
        for (String name : text.split(",", -1)) {
            Quirk q = null;
            for (Quirk c : values()) {
                if (c.option.equals(name.trim())) {
                    q = c;
                }
            }
            if (q == null) {
                throw new IllegalArgumentException("unknown quirk '" + name.trim() + "': give all, none or a comma"
                        + " list of " + String.join(", ", names()));
            }
            set.add(q);
        }
        return set;
    }

    /** The names of every quirk, in order. */
    public static List<String> names() {
        return Arrays.stream(values()).map(Quirk::option).toList();
    }

    /** {@code quirks} as {@link #parse} reads them back: {@code all}, {@code none} or a comma list. */
    public static String describe(Set<Quirk> quirks) {
        if (quirks.containsAll(ALL)) {
            return "all";
        }
        if (quirks.isEmpty()) {
            return "none";
        }
        return String.join(",", quirks.stream().map(Quirk::option).toList());
    }
}
