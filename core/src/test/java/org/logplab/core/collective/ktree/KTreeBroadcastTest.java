package org.logplab.core.collective.ktree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The k trees and their schedule: hand-worked cases, the port rules for every {@code n <= 300}
 * and {@code k <= 8} (structurally and through the referee), and roles that agree with each other
 * at sizes too large to build.
 */
class KTreeBroadcastTest {

    /**
     * n = 7, k = 2, m = 4. N = 6 non-source processors, N - 1 = 5 = 2*2 + 1, so a = 1 = k - 1: no
     * leftovers. Each tree is the complete binary tree on 6 positions with I = ceil(5/2) = 3 internal
     * positions; tree 0 lists ranks 1..6, tree 1 the same shifted by 3 (4, 5, 6, 1, 2, 3):
     * <pre>
     *   tree 0: 0 -> 1; 1 -> 2, 3; 2 -> 4, 5; 3 -> 6        tree 1: 0 -> 4; 4 -> 5, 6; 5 -> 1, 2; 6 -> 3
     * </pre>
     * Ranks 1-3 are internal only in tree 0, ranks 4-6 only in tree 1. Messages 0, 2 go down tree 0,
     * 1, 3 down tree 1. Round 1: 0 sends 0 to 1 and 1 to 4. Round 2: 0 sends 2 to 1 and 3 to 4; 1
     * sends 0 to 2, 3; 4 sends 1 to 5, 6. Round 3: 1 sends 2 to 2, 3; 4 sends 3 to 5, 6; 2 sends 0 to
     * 4, 5; 3 sends 0 to 6; 5 sends 1 to 1, 2; 6 sends 1 to 3 (2 receives from 1 and 5: two ports).
     * Round 4: 2 sends 2 to 4, 5; 3 sends 2 to 6; 5 sends 3 to 1, 2; 6 sends 3 to 3. Done: 4 rounds
     * = ceil(4/2) - 1 + height 3. Theorem 2: ceil(4/2) - 1 + ceil(log_3 7) = 1 + 2 = 3; the seed's
     * bound: ceil(4/2) + max(ceil(log_2 11), 2) = 2 + 4 = 6.
     */
    @Test
    void shouldBuildTheHandWorkedTreesForSevenProcessorsAndTwoPorts() {
        KTreeBroadcast b = new KTreeBroadcast(7, 2);
        assertThat(b.hasLeftovers()).isFalse();
        assertRole(b.role(0), new int[] {-1, -1}, new int[] {0, 0}, new int[][] {{1}, {4}});
        assertRole(b.role(1), new int[] {0, 5}, new int[] {1, 3}, new int[][] {{2, 3}, {}});
        assertRole(b.role(3), new int[] {1, 6}, new int[] {2, 3}, new int[][] {{6}, {}});
        assertRole(b.role(5), new int[] {2, 4}, new int[] {3, 2}, new int[][] {{}, {1, 2}});
        assertThat(b.height(0)).isEqualTo(3);
        assertThat(b.height(1)).isEqualTo(3);

        KTreeSchedule s = b.schedule();
        assertThat(s.rounds(4)).isEqualTo(4);
        assertThat(s.sends(1, 4)).containsExactlyInAnyOrder(new KPortSend(0, 1, 0), new KPortSend(0, 4, 1));
        assertThat(s.sends(3, 4)).containsExactlyInAnyOrder(
                new KPortSend(1, 2, 2), new KPortSend(1, 3, 2), new KPortSend(4, 5, 3), new KPortSend(4, 6, 3),
                new KPortSend(2, 4, 0), new KPortSend(2, 5, 0), new KPortSend(3, 6, 0),
                new KPortSend(5, 1, 1), new KPortSend(5, 2, 1), new KPortSend(6, 3, 1));
        assertThat(s.sends(4, 4)).hasSize(6);

        KTreeReport r = KTreeReport.run(4, 7, 2);
        assertThat(r).isEqualTo(new KTreeReport(4, 7, 2, 2, 4, 6, 3, true));
    }

    /**
     * n = 6, k = 3: the smallest case with a leftover. N = 5, N - 1 = 4 = 3*1 + 1, so q = 1, a = 1.
     * Groups G_t = {rank t + 1}; spares R_0 = rank 4, R_1 = rank 5. The core of each tree is the
     * complete ternary tree on kq + 1 = 4 positions: the group's one rank with three children, R_0
     * first (position q = 1, the first leaf), R_1, and one more group rank. The k a = 3 bottom slots
     * (one per tree) all fall to R_0, which hangs the next group's rank under it: rank 2 in tree 0,
     * 3 in tree 1, 1 in tree 2, three distinct children, three ports. So:
     * <pre>
     *   tree 0: 0 -> 1; 1 -> 4, 5, 3; 4 -> 2      tree 1: 0 -> 2; 2 -> 4, 5, 1; 4 -> 3
     *   tree 2: 0 -> 3; 3 -> 4, 5, 2; 4 -> 1
     * </pre>
     * m = 3: round 1 the source sends one message to each root; round 2 each root sends its message
     * to its three children (4 and 5 receive three each); round 3 rank 4 sends 0 to 2, 1 to 3 and 2
     * to 1: three rounds, ceil(3/3) - 1 + height 3. m = 6 takes one round more, 4. Theorem 2 for
     * m = 6: 2 - 1 + ceil(log_4 6) = 3; the seed: 2 + max(ceil(log_3 12), 2) = 5.
     */
    @Test
    void shouldHangTheLeftoverUnderTheFirstLeafForSixProcessorsAndThreePorts() {
        KTreeBroadcast b = new KTreeBroadcast(6, 3);
        assertThat(b.hasLeftovers()).isTrue();
        assertRole(b.role(4), new int[] {1, 2, 3}, new int[] {2, 2, 2}, new int[][] {{2}, {3}, {1}});
        assertRole(b.role(5), new int[] {1, 2, 3}, new int[] {2, 2, 2}, new int[][] {{}, {}, {}});
        assertRole(b.role(1), new int[] {0, 2, 4}, new int[] {1, 2, 3}, new int[][] {{4, 5, 3}, {}, {}});
        assertRole(b.role(2), new int[] {4, 0, 3}, new int[] {3, 1, 2}, new int[][] {{}, {4, 5, 1}, {}});
        assertThat(b.rounds(3)).isEqualTo(3);
        assertThat(b.schedule().sends(3, 3)).containsExactlyInAnyOrder(
                new KPortSend(4, 2, 0), new KPortSend(4, 3, 1), new KPortSend(4, 1, 2));
        assertThat(KTreeReport.run(6, 6, 3)).isEqualTo(new KTreeReport(6, 6, 3, 3, 4, 5, 3, true));
    }

    /** k = 1: one tree, the chain 0 -> 1 -> ... -> n-1; the last of m messages arrives in round m + n - 2. */
    @Test
    void shouldPipelineDownAChainWithOnePort() {
        KTreeBroadcast b = new KTreeBroadcast(5, 1);
        for (int rank = 1; rank < 5; rank++) {
            assertThat(b.role(rank).parent(0)).isEqualTo(rank - 1);
            assertThat(b.role(rank).depth(0)).isEqualTo(rank);
        }
        assertThat(KTreeReport.run(10, 5, 1)).isEqualTo(new KTreeReport(10, 5, 1, 1, 13, 13, 12, true));
    }

    /** n - 1 <= k: only n - 1 ports can be busy; each processor roots one tree and feeds all others. */
    @Test
    void shouldUseOnlyTheUsablePortsWhenThereAreFewerPeersThanPorts() {
        KTreeBroadcast b = new KTreeBroadcast(4, 8);
        assertThat(b.ports()).isEqualTo(3);
        assertRole(b.role(2), new int[] {1, 0, 3}, new int[] {2, 1, 2}, new int[][] {{}, {3, 1}, {}});
        // m = 7 over 3 trees of height 2: the source's last batch (message 6) goes out in round 3, lands in 4.
        assertThat(KTreeReport.run(7, 4, 8)).isEqualTo(new KTreeReport(7, 4, 8, 3, 4, 6, 3, true));
        // One processor: nothing to send.
        assertThat(KTreeReport.run(5, 1, 3)).isEqualTo(new KTreeReport(5, 1, 3, 0, 0, 0, 0, true));
    }

    @Test
    void shouldKeepEveryPortRuleInTheTreesForEveryNUpTo300AndKUpTo8() {
        for (int k = 1; k <= 8; k++) {
            for (int n = 1; n <= 300; n++) {
                assertTreesObeyThePorts(new KTreeBroadcast(n, k));
            }
        }
        // Larger k, sampled: more leftover patterns (a up to k - 2) and trees that straddle two spares.
        for (int k = 9; k <= 20; k++) {
            for (int n = 2; n <= 400; n += 5) {
                assertTreesObeyThePorts(new KTreeBroadcast(n, k));
            }
        }
    }

    /** 12,000 runs, 45 million checked sends: one k per thread, the runs share nothing. */
    @Test
    void shouldDeliverEverythingWithinTheBoundsThroughTheReferee() {
        IntStream.rangeClosed(1, 8).parallel().forEach(KTreeBroadcastTest::deliverEverythingWithinTheBounds);
    }

    private static void deliverEverythingWithinTheBounds(int k) {
        for (int n = 1; n <= 300; n++) {
            KTreeSchedule schedule = new KTreeBroadcast(n, k).schedule();
            for (int m : new int[] {1, k, k + 1, 3 * k, 100}) {
                KPortNetwork net = new KPortNetwork(n, k, m);
                int rounds = schedule.run(net);
                int upper = KTreeReport.upperBound(m, n, k);
                int lower = KTreeReport.lowerBound(m, n, k);
                // Every tree reaches everyone once: n - 1 deliveries per message, none wasted.
                if (!net.allHoldEverything() || net.rounds() != rounds || rounds > upper || rounds < lower
                        || net.sends() != (long) (n - 1) * m || net.redundantSends() != 0) {
                    throw new AssertionError("n " + n + ", k " + k + ", m " + m + ": complete "
                            + net.allHoldEverything() + ", rounds " + rounds + " (referee " + net.rounds()
                            + ") in " + lower + ".." + upper + ", sends " + net.sends() + ", redundant "
                            + net.redundantSends());
                }
            }
        }
    }

    @Test
    void shouldNotFinishARoundEarlier() {
        for (int[] c : new int[][] {{7, 2, 4}, {6, 3, 6}, {35, 7, 20}, {100, 4, 9}, {2, 5, 3}}) {
            int n = c[0];
            int k = c[1];
            int m = c[2];
            KTreeSchedule s = new KTreeBroadcast(n, k).schedule();
            KPortNetwork net = new KPortNetwork(n, k, m);
            for (int r = 1; r < s.rounds(m); r++) {
                net.round(s.sends(r, m));
            }
            assertThat(net.allHoldEverything()).as("n %d k %d m %d", n, k, m).isFalse();
        }
    }

    /** Roles at sizes never built: each is consistent with its parent's, and within the port budget. */
    @Property(tries = 200)
    void shouldComputeConsistentRolesLocallyForHugeN(@ForAll @IntRange(min = 2, max = 2_000_000_000) int n,
                                                    @ForAll @IntRange(min = 1, max = 64) int k,
                                                    @ForAll @IntRange(min = 0, max = Integer.MAX_VALUE) int pick) {
        KTreeBroadcast b = new KTreeBroadcast(n, k);
        int rank = 1 + pick % (n - 1);
        KTreeRole role = b.role(rank);
        assertThat(role.totalChildren()).isLessThanOrEqualTo(b.ports());
        for (int t = 0; t < b.ports(); t++) {
            KTreeRole parent = b.role(role.parent(t));
            assertThat(parent.children(t)).as("tree %d", t).contains(rank);
            assertThat(role.depth(t)).isEqualTo(parent.depth(t) + 1).isLessThanOrEqualTo(b.height(t));
            for (int child : role.children(t)) {
                assertThat(b.role(child).parent(t)).isEqualTo(rank);
            }
        }
        int upper = KTreeReport.upperBound(b.ports(), n, k);
        assertThat(b.rounds(b.ports())).isLessThanOrEqualTo(upper);
    }

    @Test
    void shouldRejectBadArguments() {
        assertThatThrownBy(() -> new KTreeBroadcast(0, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new KTreeBroadcast(5, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new KTreeBroadcast(5, 2).role(5)).hasMessageContaining("outside 0..4");
        assertThatThrownBy(() -> new KTreeBroadcast(5, 2).rounds(0)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Builds all trees from the roles and checks what makes the pipeline legal: in each tree every
     * processor but the source has one parent that lists it, depths grow by one, the height is the
     * deepest depth; no processor has more than k' children in all, nor the same child twice; the
     * source has one child per tree, all distinct. (Plain checks: millions of AssertJ calls would be slow.)
     */
    private static void assertTreesObeyThePorts(KTreeBroadcast b) {
        int n = b.n();
        KTreeRole[] roles = new KTreeRole[n];
        for (int rank = 0; rank < n; rank++) {
            roles[rank] = b.role(rank);
        }
        String at = "n " + n + ", k " + b.k() + ": ";
        if (roles[0].totalChildren() != b.ports()) {
            throw new AssertionError(at + "the source has " + roles[0].totalChildren() + " children");
        }
        for (int t = 0; t < b.ports(); t++) {
            int deepest = 0;
            for (KTreeRole role : roles) {
                for (int child : role.childrenView(t)) {
                    if (roles[child].parent(t) != role.rank() || roles[child].depth(t) != role.depth(t) + 1) {
                        throw new AssertionError(at + "tree " + t + ": child " + child + " of " + role.rank()
                                + " has parent " + roles[child].parent(t) + " at depth " + roles[child].depth(t));
                    }
                    deepest = Math.max(deepest, roles[child].depth(t));
                }
            }
            for (int rank = 1; rank < n; rank++) {
                int parent = roles[rank].parent(t);
                if (parent < 0 || !contains(roles[parent].childrenView(t), rank)) {
                    throw new AssertionError(at + "tree " + t + ": " + rank + " is not its parent's child");
                }
            }
            if (b.height(t) != deepest) {
                throw new AssertionError(at + "tree " + t + " height " + b.height(t) + " but deepest " + deepest);
            }
        }
        for (KTreeRole role : roles) {
            int[] all = new int[role.totalChildren()];
            int filled = 0;
            for (int t = 0; t < b.ports(); t++) {
                for (int child : role.childrenView(t)) {
                    all[filled++] = child;
                }
            }
            Arrays.sort(all);
            for (int i = 1; i < all.length; i++) {
                if (all[i] == all[i - 1]) {
                    throw new AssertionError(at + "rank " + role.rank() + " has child " + all[i] + " twice");
                }
            }
            if (all.length > b.ports()) {
                throw new AssertionError(at + "rank " + role.rank() + " has " + all.length + " children");
            }
        }
    }

    private static boolean contains(int[] values, int value) {
        for (int v : values) {
            if (v == value) {
                return true;
            }
        }
        return false;
    }

    private static void assertRole(KTreeRole role, int[] parents, int[] depths, int[][] children) {
        for (int t = 0; t < parents.length; t++) {
            assertThat(role.parent(t)).as("rank %d tree %d parent", role.rank(), t).isEqualTo(parents[t]);
            assertThat(role.depth(t)).as("rank %d tree %d depth", role.rank(), t).isEqualTo(depths[t]);
            assertThat(role.children(t)).as("rank %d tree %d children", role.rank(), t)
                    .containsExactlyInAnyOrder(children[t]);
        }
        assertThat(role.trees()).isEqualTo(parents.length);
        assertThat(List.of(role.toString())).isNotEmpty();
    }
}
