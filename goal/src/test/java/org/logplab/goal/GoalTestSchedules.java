package org.logplab.goal;

/**
 * Schedules that several tests of this module share, in GOAL text.
 */
public final class GoalTestSchedules {

    /**
     * Two ranks ping-ponging 8 bytes with tag 7: the example of LogGOPSim's rules whose finish times under
     * its default parameters are {@code Host 0: 11084} and {@code Host 1: 7042}.
     */
    public static final String PING_PONG = """
            num_ranks 2
            rank 0 {
            l1: send 8b to 1 tag 7
            l2: recv 8b from 1 tag 7
            l2 requires l1
            }
            rank 1 {
            l1: recv 8b from 0 tag 7
            l2: send 8b to 0 tag 7
            l2 requires l1
            }
            """;

    private GoalTestSchedules() {
    }
}
