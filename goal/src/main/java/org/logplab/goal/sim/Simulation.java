package org.logplab.goal.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.logplab.goal.GoalSchedule;
import org.logplab.goal.OpKind;

/**
 * One model-clock run of a schedule, LogGOPSim's event loop ({@code LogGOPSim.cpp}) step by step:
 * the same events in the same order, the same resources (a free time per CPU {@code nexto}, per
 * NIC for receiving {@code nextgr} and for sending {@code nextgs}), the same matching queues, the
 * same stamping of operations that become ready, with unsigned 64-bit times. Each quirk left out
 * ({@link Quirk}) replaces LogGOPSim's rule by the model's at its one place. Used once, on one
 * thread.
 */
final class Simulation {
    private static final byte IDLE = 0;
    private static final byte QUEUED = 1;
    private static final byte STARTED = 2;
    private static final byte DONE = 3;
    /** Events between two looks at the clock for the deadline. */
    private static final int DEADLINE_STRIDE = 1 << 16;

    private final GoalSchedule s;
    private final long L;
    private final long o;
    private final long g;
    private final long G;
    private final long O;
    private final long S;
    private final boolean readyOrder;
    private final boolean cpuStamp;
    private final boolean rendezvousIndices;
    private final boolean receiveSize;
    private final ModelEvents events;
    private final long deadline;
    private final int cpus;
    private final int nics;
    private final long[] nexto;
    private final long[] nextgr;
    private final long[] nextgs;
    private final int[] waiting;
    private final byte[] state;
    /** Without {@link Quirk#CPU_STAMP}: the earliest time each operation may start; else null. */
    private final long[] readyAt;
    private final EventQueue queue = new EventQueue();
    private final MatchQueue receives;
    private final MatchQueue unexpected;
    /** Operations that became ready in the current event, in order; their ranks are all touched. */
    private int[] ready = new int[64];
    private int readyCount;
    private int[] scratch = new int[64];
    private int[] pending = new int[64];
    private final int[] touched = new int[2];
    private int touchedCount;
    private long seq;
    private long messages;
    private long eagerMessages;
    private long handled;

    Simulation(GoalSchedule s, LogGopsParams p, Set<Quirk> quirks, ModelEvents events, long deadline) {
        this.s = s;
        this.L = p.L();
        this.o = p.o();
        this.g = p.g();
        this.G = p.G();
        this.O = p.O();
        this.S = p.S();
        this.readyOrder = quirks.contains(Quirk.READY_ORDER);
        this.cpuStamp = quirks.contains(Quirk.CPU_STAMP);
        this.rendezvousIndices = quirks.contains(Quirk.RENDEZVOUS_INDICES);
        this.receiveSize = quirks.contains(Quirk.RECEIVE_SIZE);
        this.events = events;
        this.deadline = deadline;
        this.cpus = s.maxCpu() + 1;
        this.nics = s.maxNic() + 1;
        int ranks = s.ranks();
        this.nexto = new long[Math.multiplyExact(ranks, cpus)];
        this.nextgr = new long[Math.multiplyExact(ranks, nics)];
        this.nextgs = new long[Math.multiplyExact(ranks, nics)];
        int ops = s.operations();
        this.waiting = new int[ops];
        for (int i = 0; i < ops; i++) {
            waiting[i] = s.requirements(i);
        }
        this.state = new byte[ops];
        this.readyAt = cpuStamp ? null : new long[ops];
        this.receives = new MatchQueue(ranks);
        this.unexpected = new MatchQueue(ranks);
    }

    ModelRun run() {
        // LogGOPSim queues each rank's free operations at time 0, rank by rank
        for (int r = 0; r < s.ranks(); r++) {
            readyCount = 0;
            for (int op = s.first(r); op < s.end(r); op++) {
                if (waiting[op] == 0) {
                    addReady(op);
                }
            }
            order();
            for (int i = 0; i < readyCount; i++) {
                state[ready[i]] = QUEUED;
                queue.push(0, seq++, ready[i]);
            }
        }
        readyCount = 0;
        while (!queue.isEmpty()) {
            long time = queue.time();
            long sequence = queue.seq();
            int payload = queue.payload();
            queue.pop();
            if (++handled % DEADLINE_STRIDE == 0 && System.nanoTime() - deadline > 0) {
                throw new SimulationStopped(stopped(time));
            }
            if (payload < 0) {
                message(~payload, time, sequence);
            } else {
                switch (s.kind(payload)) {
                    case CALC -> calc(payload, time, sequence);
                    case SEND -> send(payload, time, sequence);
                    case RECV -> receive(payload, time);
                    default -> throw new IllegalStateException();
                }
            }
            queueReady();
        }
        long[] finish = new long[s.ranks()];
        for (int r = 0; r < finish.length; r++) {
            long max = 0;
            for (int c = 0; c < cpus; c++) {
                max = umax(max, nexto[r * cpus + c]);
            }
            finish[r] = max;
        }
        return new ModelRun(finish, s.operations(), messages, eagerMessages, handled,
                receives.isEmpty() && unexpected.isEmpty(), stuck());
    }

    private void calc(int op, long time, long sequence) {
        int h = s.owner(op);
        int c = h * cpus + s.cpu(op);
        if (ule(nexto[c], time)) {
            long end = time + s.size(op);
            nexto[c] = end;
            started(op, time);
            done(op, end);
            touch(h);
            events.calc(op, time, end);
        } else {
            queue.push(nexto[c], sequence, op);
        }
    }

    private void send(int op, long time, long sequence) {
        int h = s.owner(op);
        int c = h * cpus + s.cpu(op);
        int n = h * nics + s.nic(op);
        long free = umax(nexto[c], nextgs[n]);
        if (!ule(free, time)) {
            queue.push(free, sequence, op);
            return;
        }
        started(op, time);
        touch(h);
        long size = s.size(op);
        nexto[c] = time + o + (size - 1) * O;
        nextgs[n] = time + g + (size - 1) * G;
        events.send(op, time, nexto[c]);
        messages++;
        // the message's first byte arrives o + L after the send starts; G is charged at the receiver
        queue.push(time + o + L, seq++, ~op);
        if (ule(size, S)) {
            eagerMessages++;
            done(op, nexto[c]);
        }
    }

    private void receive(int op, long time) {
        int h = s.owner(op);
        started(op, time);
        touch(h);
        int m = unexpected.match(h, s.peer(op), s.tag(op));
        if (m < 0) {
            receives.add(h, s.peer(op), s.tag(op), op, time);
            return;
        }
        long handledUntil = unexpected.matchedTime();
        long decides = receiveSize ? s.size(op) : s.size(m);
        if (Long.compareUnsigned(decides, S) > 0) {
            // rendezvous: the sender is released at the match (LogGOPSim adds no time for the answer)
            int src = s.owner(m);
            done(m, time);
            touch(src);
            int ci = src * cpus + (rendezvousIndices ? s.cpu(op) : s.cpu(m));
            int ni = src * nics + (rendezvousIndices ? s.nic(op) : s.nic(m));
            nexto[ci] = umax(nexto[ci], time);
            nextgs[ni] = umax(nextgs[ni], time);
        }
        done(op, umax(time, handledUntil));
        touch(h);
    }

    private void message(int m, long time, long sequence) {
        int h = s.peer(m);
        int src = s.owner(m);
        // the receiver's CPU and NIC of the send's indices handle the message
        int c = h * cpus + s.cpu(m);
        int n = h * nics + s.nic(m);
        long free = umax(nexto[c], nextgr[n]);
        if (!ule(free, time)) {
            queue.push(free, sequence, ~m);
            return;
        }
        long size = s.size(m);
        nexto[c] = time + o + umax((size - 1) * O, (size - 1) * G);
        nextgr[n] = time + g + (size - 1) * G;
        events.arrival(m, time, nexto[c]);
        int r = receives.match(h, src, s.tag(m));
        if (r < 0) {
            unexpected.add(h, src, s.tag(m), m, nexto[c]);
            return;
        }
        if (Long.compareUnsigned(size, S) > 0) {
            done(m, time);
            touch(src);
            int ci = src * cpus + s.cpu(m);
            int ni = src * nics + s.nic(m);
            nexto[ci] = umax(nexto[ci], time);
            nextgs[ni] = umax(nextgs[ni], time);
        }
        done(r, nexto[c]);
        touch(h);
    }

    /** LogGOPSim's MarkNodeAsStarted: what irequires {@code op} may start once nothing else holds it. */
    private void started(int op, long time) {
        if (state[op] != DONE) {
            state[op] = STARTED;
        }
        for (int k = 0, n = s.startDependentCount(op); k < n; k++) {
            release(s.startDependent(op, k), time);
        }
    }

    /** LogGOPSim's MarkNodeAsDone: what requires {@code op} may start once nothing else holds it. */
    private void done(int op, long time) {
        state[op] = DONE;
        for (int k = 0, n = s.finishDependentCount(op); k < n; k++) {
            release(s.finishDependent(op, k), time);
        }
    }

    private void release(int op, long time) {
        if (readyAt != null) {
            readyAt[op] = umax(readyAt[op], time);
        }
        if (--waiting[op] == 0) {
            addReady(op);
        }
    }

    private void addReady(int op) {
        if (readyCount == ready.length) {
            ready = Arrays.copyOf(ready, readyCount * 2);
        }
        ready[readyCount++] = op;
    }

    private void touch(int rank) {
        for (int i = 0; i < touchedCount; i++) {
            if (touched[i] == rank) {
                return;
            }
        }
        touched[touchedCount++] = rank;
    }

    /**
     * Queues the operations that became ready in this event, rank by rank in rank order, each
     * rank's sorted by kind and stamped with the time its CPU (and for a send its NIC) is free.
     */
    private void queueReady() {
        if (readyCount > 0) {
            if (touchedCount == 1) {
                order();
                stamp(touched[0]);
            } else {
                if (touched[0] > touched[1]) {
                    int t = touched[0];
                    touched[0] = touched[1];
                    touched[1] = t;
                }
                int all = readyCount;
                if (pending.length < all) {
                    pending = new int[Math.max(all, pending.length * 2)];
                }
                System.arraycopy(ready, 0, pending, 0, all);
                for (int t = 0; t < touchedCount; t++) {
                    readyCount = 0;
                    for (int i = 0; i < all; i++) {
                        if (s.owner(pending[i]) == touched[t]) {
                            addReady(pending[i]);
                        }
                    }
                    order();
                    stamp(touched[t]);
                }
            }
        }
        readyCount = 0;
        touchedCount = 0;
    }

    private void stamp(int h) {
        for (int i = 0; i < readyCount; i++) {
            int op = ready[i];
            int c = h * cpus + s.cpu(op);
            long time = s.kind(op) == OpKind.SEND ? umax(nexto[c], nextgs[h * nics + s.nic(op)]) : nexto[c];
            if (readyAt != null) {
                time = umax(time, readyAt[op]);
            }
            state[op] = QUEUED;
            queue.push(time, seq++, op);
        }
    }

    private void order() {
        if (readyOrder) {
            ReadyOrder.libstdcxx(ready, readyCount, s);
        } else {
            if (scratch.length < readyCount) {
                scratch = new int[Math.max(readyCount, scratch.length * 2)];
            }
            ReadyOrder.stable(ready, readyCount, s, scratch);
        }
    }

    private List<StuckOperation> stuck() {
        List<StuckOperation> stuck = new ArrayList<>();
        BitSet arrived = new BitSet(s.operations());
        receives.forEach((rank, op, time) -> stuck.add(new StuckOperation(rank, op, s.name(op), s.text(op),
                StuckOperation.Why.UNMATCHED_RECEIVE, "posted at " + Long.toUnsignedString(time)
                + "; no message matched it")));
        unexpected.forEach((rank, op, time) -> {
            boolean rendezvous = state[op] != DONE;
            arrived.set(op);
            stuck.add(new StuckOperation(rank, op, s.name(op) + " of rank " + s.owner(op), s.text(op),
                    StuckOperation.Why.UNEXPECTED_MESSAGE, "its message arrived here"
                    + " (handled until " + Long.toUnsignedString(time) + "); no receive matched it"
                    + (rendezvous ? ", so its rendezvous sender waits too" : "")));
        });
        for (int op = 0; op < s.operations(); op++) {
            if (s.kind(op) == OpKind.SEND && state[op] == STARTED && !arrived.get(op)) {
                stuck.add(new StuckOperation(s.owner(op), op, s.name(op), s.text(op),
                        StuckOperation.Why.UNRELEASED_SEND, "a rendezvous send (more than S = " + S + " bytes)"
                        + " whose message a receive of at most S bytes took: that receive does not release it"
                        + " (quirk " + Quirk.RECEIVE_SIZE.option() + ")"));
            }
        }
        List<StuckOperation> waits = waiting();
        stuck.addAll(waits);
        // a stable sort: each rank's unmatched receives and messages stay in their queue's order
        stuck.sort(Comparator.comparingInt(StuckOperation::rank).thenComparingInt(x -> x.why().ordinal()));
        return stuck;
    }

    /** The operations that never became ready, each with what it still waits for. */
    private List<StuckOperation> waiting() {
        List<StuckOperation> out = new ArrayList<>();
        boolean any = false;
        for (int op = 0; op < s.operations() && !any; op++) {
            any = state[op] == IDLE;
        }
        if (!any) {
            return out;
        }
        List<List<String>> waits = new ArrayList<>();
        int[] index = new int[s.operations()];
        Arrays.fill(index, -1);
        for (int op = 0; op < s.operations(); op++) {
            if (state[op] == IDLE) {
                index[op] = waits.size();
                waits.add(new ArrayList<>());
            }
        }
        for (int b = 0; b < s.operations(); b++) {
            for (int k = 0; k < s.finishDependentCount(b); k++) {
                int a = s.finishDependent(b, k);
                if (index[a] >= 0 && state[b] != DONE) {
                    waits.get(index[a]).add(s.name(b) + " to finish");
                }
            }
            for (int k = 0; k < s.startDependentCount(b); k++) {
                int a = s.startDependent(b, k);
                if (index[a] >= 0 && state[b] != DONE && state[b] != STARTED) {
                    waits.get(index[a]).add(s.name(b) + " to start");
                }
            }
        }
        for (int op = 0; op < s.operations(); op++) {
            if (index[op] >= 0) {
                List<String> w = waits.get(index[op]);
                out.add(new StuckOperation(s.owner(op), op, s.name(op), s.text(op), StuckOperation.Why.WAITING,
                        w.isEmpty() ? "never started" : "waits for " + String.join(", ", w.stream().distinct()
                        .toList())));
            }
        }
        return out;
    }

    private String stopped(long time) {
        int done = 0;
        for (byte b : state) {
            done += b == DONE ? 1 : 0;
        }
        return "stopped at the time limit after " + handled + " events, at model time " + Long.toUnsignedString(time)
                + ", with " + done + " of " + s.operations() + " operations finished";
    }

    private static boolean ule(long a, long b) {
        return Long.compareUnsigned(a, b) <= 0;
    }

    private static long umax(long a, long b) {
        return Long.compareUnsigned(a, b) >= 0 ? a : b;
    }
}
