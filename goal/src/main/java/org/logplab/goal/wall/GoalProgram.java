package org.logplab.goal.wall;

import java.util.ArrayList;
import java.util.List;
import org.logplab.core.Message;
import org.logplab.core.Processor;
import org.logplab.core.Program;
import org.logplab.goal.GoalSchedule;
import org.logplab.goal.OpKind;
import org.logplab.goal.sim.StuckOperation;

/**
 * A GOAL schedule as a {@link Program}: processor {@code r} runs rank {@code r}'s operations, for
 * real under the wall clock. A send sends a message of the operation's size to its peer with its
 * tag (the payload, a byte array of that size that nobody writes, is handed over); a calc computes
 * for its time times {@code unit} clock units; a receive is posted and completes when a message
 * that matches its source and tag (either may be {@link GoalSchedule#ANY}) has been received.
 * {@code requires} starts an operation after the other has finished, {@code irequires} after it
 * has started. Operations start in the order they become ready (those ready from the start in
 * the order the schedule declares them).
 *
 * <p>Matching follows LogGOPSim's rules: a message matches the receive posted first among those it
 * fits, and a receive takes the first fitting message to have arrived (the processor keeps
 * messages no receive wants yet in its unexpected-message queue, {@link Processor#recv(int, int)}).
 * With one receive posted and nothing else to do the rank blocks in that receive; with several it
 * polls them in the order posted.
 *
 * <p>What LogGOPSim models and this run does not: a rank runs on one core, so operations on
 * different {@code cpu} or {@code nic} indices do not overlap; every message is sent eagerly (a
 * message above LogGOPSim's {@code S} does not wait for its receive to be posted); {@code O}, the
 * overhead per byte, is not charged. Under the wall clock {@code L}, {@code o}, {@code g} and
 * {@code G} are the machine's injected delays.
 *
 * <p>One instance serves every rank of a run and may run again (repetitions): each run starts
 * from the schedule's beginning. After a run that failed (a schedule that cannot finish stops at
 * the run's time limit), {@link #unfinished()} lists what each rank left undone.
 */
public final class GoalProgram implements Program {
    private final GoalSchedule schedule;
    private final long unit;
    private final RankState[] ranks;

    /**
     * A program of {@code schedule}, whose calcs take {@code unit} clock units (ns under the wall
     * clock) per schedule unit.
     *
     * @throws IllegalArgumentException if {@code unit < 1} or a message is larger than a Java array
     */
    public GoalProgram(GoalSchedule schedule, long unit) {
        if (unit < 1) {
            throw new IllegalArgumentException("unit must be at least 1 clock unit, got " + unit);
        }
        this.schedule = schedule;
        this.unit = unit;
        this.ranks = new RankState[schedule.ranks()];
        for (int r = 0; r < ranks.length; r++) {
            ranks[r] = new RankState(schedule.first(r), schedule.end(r) - schedule.first(r));
            for (int op = schedule.first(r); op < schedule.end(r); op++) {
                if (schedule.kind(op) == OpKind.SEND && schedule.size(op) > Integer.MAX_VALUE - 8) {
                    throw new IllegalArgumentException("rank " + r + ": " + schedule.text(op) + " is larger than"
                            + " one message can be here (" + (Integer.MAX_VALUE - 8) + " bytes)");
                }
            }
        }
    }

    /** The schedule this program runs. */
    public GoalSchedule schedule() {
        return schedule;
    }

    @Override
    public void run(Processor p) {
        if (p.size() != schedule.ranks()) {
            throw new IllegalArgumentException("the schedule has " + schedule.ranks() + " ranks, the machine "
                    + p.size() + " processors");
        }
        new RankRun(p, schedule, ranks[p.rank()], unit).run();
    }

    /**
     * What the last run left undone, an entry per operation: a posted receive that no message
     * matched, or an operation still waiting for its dependencies (or ready and not started when
     * the run was stopped). Empty after a run that finished.
     */
    public List<StuckOperation> unfinished() {
        List<StuckOperation> left = new ArrayList<>();
        for (int r = 0; r < ranks.length; r++) {
            RankState s = ranks[r];
            for (int i = 0; i < s.state.length; i++) {
                int op = s.first + i;
                switch (s.state[i]) {
                    case RankState.DONE -> {
                    }
                    case RankState.POSTED -> left.add(new StuckOperation(r, op, schedule.name(op), schedule.text(op),
                            StuckOperation.Why.UNMATCHED_RECEIVE, "posted; no message matched it"));
                    case RankState.READY -> left.add(new StuckOperation(r, op, schedule.name(op), schedule.text(op),
                            StuckOperation.Why.WAITING, "ready, not started when the run stopped"));
                    default -> left.add(new StuckOperation(r, op, schedule.name(op), schedule.text(op),
                            StuckOperation.Why.WAITING, "waits for " + s.open[i] + " of its "
                            + schedule.requirements(op) + " dependencies"));
                }
            }
        }
        return left;
    }

    /** One rank's run of its operations on its processor. */
    private static final class RankRun {
        private final Processor p;
        private final GoalSchedule schedule;
        private final RankState s;
        private final long unit;
        private final int[] ready;
        private int readyHead;
        private int readyTail;
        /** The posted receives' indices, in the order posted. */
        private final List<Integer> posted = new ArrayList<>();
        private final byte[] payload;

        RankRun(Processor p, GoalSchedule schedule, RankState s, long unit) {
            this.p = p;
            this.schedule = schedule;
            this.s = s;
            this.unit = unit;
            int n = s.state.length;
            this.ready = new int[n];
            int[] requirements = new int[n];
            long largest = 0;
            for (int i = 0; i < n; i++) {
                int op = s.first + i;
                requirements[i] = schedule.requirements(op);
                if (schedule.kind(op) == OpKind.SEND) {
                    largest = Math.max(largest, schedule.size(op));
                }
            }
            this.payload = new byte[(int) largest];
            s.reset(requirements);
            for (int i = 0; i < n; i++) {
                if (requirements[i] == 0) {
                    enqueue(i);
                }
            }
        }

        void run() {
            while (!s.finished()) {
                if (readyHead < readyTail) {
                    start(ready[readyHead++]);
                } else if (posted.isEmpty()) {
                    throw new IllegalStateException("rank " + p.rank() + " cannot go on: every operation left waits"
                            + " for another of its own that cannot start");
                } else if (!matchArrived()) {
                    if (posted.size() == 1) {
                        int op = s.first + posted.get(0);
                        p.recv(source(op), tag(op));
                        finish(posted.remove(0));
                    } else {
                        Thread.onSpinWait();
                    }
                }
            }
        }

        /**
         * Receives a message that has arrived for a posted receive, polling them in the order posted,
         * and completes the first posted receive it fits: a message that came in between two polls
         * goes, as in LogGOPSim, to the earliest receive it fits, not to the one that polled it.
         */
        private boolean matchArrived() {
            for (int k = 0; k < posted.size(); k++) {
                int op = s.first + posted.get(k);
                Message m = p.poll(source(op), tag(op));
                if (m != null) {
                    int j = 0;
                    while (!fits(s.first + posted.get(j), m)) {
                        j++;
                    }
                    finish(posted.remove(j));
                    return true;
                }
            }
            return false;
        }

        private boolean fits(int op, Message m) {
            return (schedule.peer(op) == GoalSchedule.ANY || schedule.peer(op) == m.source())
                    && (schedule.tag(op) == GoalSchedule.ANY || schedule.tag(op) == m.tag());
        }

        /** The receive's source for the processor: GOAL's any ({@code -1}) is {@link Processor#ANY_SOURCE}. */
        private int source(int op) {
            int peer = schedule.peer(op);
            return peer == GoalSchedule.ANY ? Processor.ANY_SOURCE : peer;
        }

        /** The receive's tag for the processor: GOAL's any ({@code -1}) is {@link Processor#ANY_TAG}. */
        private int tag(int op) {
            int tag = schedule.tag(op);
            return tag == GoalSchedule.ANY ? Processor.ANY_TAG : tag;
        }

        private void start(int i) {
            int op = s.first + i;
            for (int k = 0; k < schedule.startDependentCount(op); k++) {
                release(schedule.startDependent(op, k));
            }
            switch (schedule.kind(op)) {
                case SEND -> {
                    p.send(schedule.peer(op), schedule.tag(op), payload, (int) schedule.size(op));
                    finish(i);
                }
                case CALC -> {
                    p.compute(Math.multiplyExact(schedule.size(op), unit));
                    finish(i);
                }
                case RECV -> {
                    s.state[i] = RankState.POSTED;
                    posted.add(i);
                }
                default -> throw new IllegalStateException("operation of kind " + schedule.kind(op));
            }
        }

        private void finish(int i) {
            s.state[i] = RankState.DONE;
            s.done++;
            int op = s.first + i;
            for (int k = 0; k < schedule.finishDependentCount(op); k++) {
                release(schedule.finishDependent(op, k));
            }
        }

        private void release(int dependent) {
            int i = dependent - s.first;
            if (--s.open[i] == 0 && s.state[i] == RankState.WAITING) {
                enqueue(i);
            }
        }

        private void enqueue(int i) {
            s.state[i] = RankState.READY;
            ready[readyTail++] = i;
        }
    }
}
