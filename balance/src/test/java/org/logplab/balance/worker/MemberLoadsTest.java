package org.logplab.balance.worker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A member's load estimated from its last report by hand: worked off at its capacity while this node idles. */
class MemberLoadsTest {

    @Test
    void knowsNothingBeforeAReport() {
        MemberLoads loads = new MemberLoads(3, new long[] {1, 4, 2}, 1);
        assertThat(loads.estimate(1, 50, 0)).isEqualTo(-1);
        loads.heard(1, 0, 10);
        assertThat(loads.estimate(1, 10, 0)).isZero();
        assertThat(loads.estimate(2, 10, 0)).isEqualTo(-1);
    }

    @Test
    void aReportShrinksByTheMembersCapacityTimesThisNodesIdleFraction() {
        MemberLoads loads = new MemberLoads(3, new long[] {1, 4, 2}, 1);
        loads.heard(1, 100, 10);
        assertThat(loads.estimate(1, 10, 0.3)).isEqualTo(100);
        // 10 time units later: 10 * 4 = 40 worked off while this node was idle...
        assertThat(loads.estimate(1, 20, 0)).isEqualTo(60);
        // ... 20 when it was busy half the time (new work came at the rate it sees) ...
        assertThat(loads.estimate(1, 20, 0.5)).isEqualTo(80);
        // ... and never below nothing.
        assertThat(loads.estimate(1, 100, 0)).isZero();
        // A new report replaces the old one.
        loads.heard(1, 7, 100);
        assertThat(loads.estimate(1, 100, 0)).isEqualTo(7);
    }

    @Test
    void timesAreClockUnitsOfTheGivenTimeUnit() {
        MemberLoads loads = new MemberLoads(2, new long[] {1, 3}, 1_000);
        loads.heard(1, 50, 2_000);
        // 4,500 ns of 1,000 ns units at capacity 3: 13.5 work units, of which whole ones count.
        assertThat(loads.estimate(1, 6_500, 0)).isEqualTo(37);
    }
}
