package org.logplab.goal.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The event queue gives events by time, then by sequence number, with times compared unsigned. */
class EventQueueTest {

    record Event(long time, long seq, int payload) { }

    @Test
    void givesEventsByTimeThenSequenceAgainstASortedList() {
        Random r = new Random(7);
        EventQueue q = new EventQueue();
        List<Event> all = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            Event e = new Event(r.nextInt(50), r.nextInt(1_000_000), i);
            all.add(e);
            q.push(e.time(), e.seq(), e.payload());
        }
        all.sort(Comparator.comparingLong(Event::time).thenComparingLong(Event::seq));
        for (Event e : all) {
            assertThat(q.time()).isEqualTo(e.time());
            assertThat(q.seq()).isEqualTo(e.seq());
            q.pop();
        }
        assertThat(q.isEmpty()).isTrue();
    }

    @Test
    void timesAreUnsignedAsLogGopSimsAre() {
        EventQueue q = new EventQueue();
        q.push(-1, 0, 1); // 2^64 - 1
        q.push(Long.MAX_VALUE, 1, 2);
        q.push(Long.MIN_VALUE, 2, 3); // 2^63
        q.push(5, 9, 4);
        q.push(5, 3, 5);
        List<Integer> order = new ArrayList<>();
        while (!q.isEmpty()) {
            order.add(q.payload());
            q.pop();
        }
        assertThat(order).containsExactly(5, 4, 2, 3, 1);
    }
}
