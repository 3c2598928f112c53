package org.logplab.goal.wall;

import java.util.Arrays;

/**
 * Where one rank's operations stand in a run of a {@link GoalProgram}: for each operation whether
 * it waits for dependencies, is ready, has started (a receive posted and not yet matched) or is
 * done, and how many of its dependencies are still open. Written by the rank's own thread only;
 * read by others after the run has ended, to say what is left.
 */
final class RankState {
    static final byte WAITING = 0;
    static final byte READY = 1;
    static final byte POSTED = 2;
    static final byte DONE = 3;

    final int first;
    final byte[] state;
    final int[] open;
    int done;

    RankState(int first, int operations) {
        this.first = first;
        this.state = new byte[operations];
        this.open = new int[operations];
    }

    /** Back to the start of a run: nothing done, every dependency open. */
    void reset(int[] requirements) {
        Arrays.fill(state, WAITING);
        System.arraycopy(requirements, 0, open, 0, open.length);
        done = 0;
    }

    boolean finished() {
        return done == state.length;
    }
}
