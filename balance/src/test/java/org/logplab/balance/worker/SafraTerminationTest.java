package org.logplab.balance.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.logplab.balance.worker.SafraTermination.Action;
import org.logplab.balance.worker.SafraTermination.Decision;

/** Safra's termination detection on hand-made message orders, and on random ones against what is really in flight. */
class SafraTerminationTest {

    @Test
    void aLoneWorkerDeclaresAtOnce() {
        assertThat(new SafraTermination(0, 1).whenPassive().action()).isEqualTo(Action.DECLARE);
    }

    @Test
    void aQuietRingDeclaresAfterOneRound() {
        SafraTermination[] ring = ring(3);
        assertThat(ring[1].whenPassive().action()).isEqualTo(Action.WAIT);
        Decision d = ring[0].whenPassive();
        assertThat(d).isEqualTo(new Decision(Action.FORWARD, 1, 0, false));
        d = pass(ring, d);
        assertThat(d).isEqualTo(new Decision(Action.FORWARD, 2, 0, false));
        d = pass(ring, d);
        assertThat(d).isEqualTo(new Decision(Action.FORWARD, 0, 0, false));
        assertThat(pass(ring, d).action()).isEqualTo(Action.DECLARE);
    }

    @Test
    void aMigrationStillInFlightKeepsTheRoundGoing() {
        SafraTermination[] ring = ring(3);
        ring[0].sentTasks(); // to worker 2, not delivered yet
        Decision d = pass(ring, pass(ring, ring[0].whenPassive()));
        // Back at 0 with sum 0; 0's own count is 1: not zero, so another round.
        assertThat(d).isEqualTo(new Decision(Action.FORWARD, 0, 0, false));
        assertThat(pass(ring, d)).isEqualTo(new Decision(Action.FORWARD, 1, 0, false));
        ring[2].receivedTasks(); // delivered now; 2 runs the task and is passive again
        d = pass(ring, pass(ring, new Decision(Action.FORWARD, 1, 0, false)));
        // 2 received a task since it last passed the token: it sends the token black, with -1.
        assertThat(d).isEqualTo(new Decision(Action.FORWARD, 0, -1, true));
        d = pass(ring, d);
        assertThat(d.action()).as("a black token starts a new round").isEqualTo(Action.FORWARD);
        d = pass(ring, pass(ring, d));
        assertThat(d).isEqualTo(new Decision(Action.FORWARD, 0, -1, false));
        assertThat(pass(ring, d).action()).as("white everywhere, 1 sent - 1 received").isEqualTo(Action.DECLARE);
    }

    @Test
    void aMigrationBehindTheTokenIsCaught() {
        SafraTermination[] ring = ring(3);
        Decision d = pass(ring, ring[0].whenPassive()); // the token has passed 1
        ring[2].sentTasks(); // 2, still active, sends work back to 1, which the token has passed
        d = pass(ring, d); // 2 passive now: the token carries its +1
        assertThat(d).isEqualTo(new Decision(Action.FORWARD, 0, 1, false));
        assertThat(pass(ring, d).action()).as("1 + 0 is not 0").isEqualTo(Action.FORWARD);
    }

    @Test
    void shouldRejectARankOffTheRing() {
        assertThatThrownBy(() -> new SafraTermination(3, 3)).hasMessageContaining("rank 3 is not on a ring of 3");
    }

    /**
     * Random runs: workers send tasks to each other, tasks arrive in any order, passive workers
     * pass the token. Termination is never declared while a task is in flight or a worker is
     * active, and once everything is quiet it is declared within three rounds.
     */
    @Test
    void neverDeclaresWithWorkLeftAndAlwaysDeclaresWhenQuiet() {
        Random random = new Random(17);
        for (int trial = 0; trial < 2_000; trial++) {
            int n = 1 + random.nextInt(6);
            SafraTermination[] ring = ring(n);
            boolean[] active = new boolean[n];
            List<Integer> inFlight = new ArrayList<>(); // receivers of the migrations not yet delivered
            for (int i = 0; i < n; i++) {
                active[i] = random.nextBoolean();
            }
            Decision token = null; // the token in transit, or null when some worker holds it
            boolean declared = false;
            int steps = random.nextInt(200);
            for (int s = 0; s < steps && !declared; s++) {
                int w = random.nextInt(n);
                switch (random.nextInt(4)) {
                    case 0 -> {
                        if (active[w] && n > 1) {
                            int to = (w + 1 + random.nextInt(n - 1)) % n;
                            ring[w].sentTasks();
                            inFlight.add(to);
                        }
                    }
                    case 1 -> {
                        if (!inFlight.isEmpty()) {
                            int to = inFlight.remove(random.nextInt(inFlight.size()));
                            ring[to].receivedTasks();
                            active[to] = true;
                        }
                    }
                    case 2 -> active[w] = false;
                    default -> {
                        if (token != null) {
                            ring[token.to()].tokenArrived(token.sum(), token.black());
                            token = null;
                        } else if (!active[w]) {
                            Decision d = ring[w].whenPassive();
                            if (d.action() == Action.DECLARE) {
                                assertThat(inFlight).as("trial %d: declared with migrations in flight", trial)
                                        .isEmpty();
                                assertThat(active).as("trial %d: declared with an active worker", trial)
                                        .containsOnly(false);
                                declared = true;
                            } else if (d.action() == Action.FORWARD) {
                                token = d;
                            }
                        }
                    }
                }
            }
            if (declared) {
                continue;
            }
            // Quiet from here on: deliver everything, every worker finishes, the token goes round.
            for (int to : inFlight) {
                ring[to].receivedTasks();
            }
            int hops = 0;
            while (true) {
                if (token != null) {
                    ring[token.to()].tokenArrived(token.sum(), token.black());
                    token = null;
                }
                Decision d = anyPassiveHolder(ring);
                if (d.action() == Action.DECLARE) {
                    break;
                }
                token = d;
                assertThat(++hops).as("trial %d: not declared within three rounds of quiet", trial)
                        .isLessThanOrEqualTo(3 * n + 1);
            }
        }
    }

    /** The decision of the worker holding the token (every worker passive). */
    private static Decision anyPassiveHolder(SafraTermination[] ring) {
        for (SafraTermination w : ring) {
            Decision d = w.whenPassive();
            if (d.action() != Action.WAIT) {
                return d;
            }
        }
        throw new AssertionError("nobody holds the token and none is in transit");
    }

    private static SafraTermination[] ring(int n) {
        SafraTermination[] ring = new SafraTermination[n];
        for (int i = 0; i < n; i++) {
            ring[i] = new SafraTermination(i, n);
        }
        return ring;
    }

    /** Delivers a forwarded token and asks its (passive) receiver what to do. */
    private static Decision pass(SafraTermination[] ring, Decision d) {
        assertThat(d.action()).isEqualTo(Action.FORWARD);
        ring[d.to()].tokenArrived(d.sum(), d.black());
        return ring[d.to()].whenPassive();
    }
}
