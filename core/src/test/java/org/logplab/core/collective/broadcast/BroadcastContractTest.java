package org.logplab.core.collective.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.RunConfig;
import org.logplab.core.RunResult;
import org.logplab.core.collective.Group;
import org.logplab.core.collective.RandomMembers;

/** The delivery contract of {@link Broadcast}, run over every implementation. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BroadcastContractTest {

    static Stream<Broadcast> broadcasts() {
        return Broadcasts.all();
    }

    @ParameterizedTest
    @MethodSource("broadcasts")
    void shouldDeliverTheSourcesPayloadToEveryMemberOfAnArbitraryOrderedSubset(Broadcast any) {
        Broadcast broadcast = any.forPayload(16);
        Random random = new Random(42);
        for (int trial = 0; trial < 80; trial++) {
            int processors = 1 + random.nextInt(64);
            int[] members = RandomMembers.of(random, processors);
            int source = members[random.nextInt(members.length)];
            Group group = Group.of(members, source);
            long[] payload = {trial, random.nextLong()};
            Object[] got = new Object[processors];
            LogP params = new LogP(random.nextInt(20), random.nextInt(6), random.nextInt(20), processors,
                    random.nextInt(2));
            RunResult r = Machine.run(params, ClockKind.MODEL,
                    p -> got[p.rank()] = broadcast.broadcast(p, group, p.rank() == source ? payload : null));
            for (int rank = 0; rank < processors; rank++) {
                if (group.indexOf(rank) >= 0) {
                    assertThat(got[rank]).as("%s member %d", group, rank).isSameAs(payload);
                } else {
                    assertThat(got[rank]).as("%s non-member %d", group, rank).isNull();
                    assertThat(r.sent(rank)).as("sent by non-member %d", rank).isZero();
                    assertThat(r.received(rank)).as("received by non-member %d", rank).isZero();
                }
            }
            assertThat(r.messagesSent()).isEqualTo(members.length - 1);
            assertThat(r.inFlight()).isEmpty();
        }
    }

    @ParameterizedTest
    @MethodSource("broadcasts")
    void shouldReturnTheSourcesOwnPayloadAtOnceInAGroupOfOne(Broadcast broadcast) {
        // A String's size cannot be inferred: a lone source must not need it.
        String payload = "alone";
        Object[] got = new Object[3];
        Group group = Group.of(new int[] {1}, 1);
        RunResult r = Machine.run(LogP.of(6, 2, 4, 3), ClockKind.MODEL,
                p -> got[p.rank()] = broadcast.broadcast(p, group, p.rank() == 1 ? payload : null));
        assertThat(got).containsExactly(null, payload, null);
        assertThat(r.messagesSent()).isZero();
        assertThat(r.makespan()).isZero().isEqualTo(broadcast.predict(r.params(), 1, 0, 0));
        Object[] single = new Object[1];
        Machine.run(LogP.of(6, 2, 4, 1), ClockKind.MODEL,
                p -> single[0] = broadcast.broadcast(p, Group.all(1, 0), payload));
        assertThat(single[0]).isSameAs(payload);
    }

    @ParameterizedTest
    @MethodSource("broadcasts")
    void shouldDeliverBetweenTwoProcessorsFromEitherSide(Broadcast broadcast) {
        for (int source = 0; source < 2; source++) {
            int src = source;
            Long payload = 1000L + source;
            Object[] got = new Object[2];
            RunResult r = Machine.run(LogP.of(6, 2, 4, 2), ClockKind.MODEL,
                    p -> got[p.rank()] = broadcast.broadcast(p, Group.all(2, src), p.rank() == src ? payload : null));
            assertThat(got).containsExactly(payload, payload);
            assertThat(r.sent(src)).isOne();
            assertThat(r.received(1 - src)).isOne();
            assertThat(r.makespan()).isEqualTo(10).isEqualTo(broadcast.predict(r.params(), 2, src, 8));
        }
    }

    @ParameterizedTest
    @MethodSource("broadcasts")
    void shouldBroadcastALongInTheModelTimeOfAnEightBytePayload(Broadcast any) {
        Broadcast broadcast = any.forPayload(8);
        Random random = new Random(7);
        for (int trial = 0; trial < 40; trial++) {
            int processors = 1 + random.nextInt(40);
            int[] members = RandomMembers.of(random, processors);
            int sourceIndex = random.nextInt(members.length);
            Group group = Group.of(members, members[sourceIndex]);
            long value = random.nextLong();
            long[] got = new long[processors];
            LogP params = new LogP(random.nextInt(20), random.nextInt(6), random.nextInt(20), processors,
                    random.nextInt(2));
            RunResult r = Machine.run(params, ClockKind.MODEL,
                    p -> got[p.rank()] = broadcast.broadcastLong(p, group,
                            p.rank() == group.sourceRank() ? value : -1));
            for (int rank = 0; rank < processors; rank++) {
                assertThat(got[rank]).as("%s rank %d", group, rank).isEqualTo(group.indexOf(rank) >= 0 ? value : 0);
            }
            assertThat(r.makespan()).as("%s %s", group, params)
                    .isEqualTo(broadcast.predict(params, members.length, sourceIndex, 8));
        }
    }

    @ParameterizedTest
    @MethodSource("broadcasts")
    void shouldDeliverTheSameWayUnderTheWallClock(Broadcast broadcast) {
        int processors = 6;
        Group group = Group.of(new int[] {4, 0, 5, 2, 1}, 5);
        Object[] got = new Object[processors];
        Long payload = 77L;
        RunConfig config = RunConfig.builder(LogP.of(2_000, 500, 1_000, processors))
                .clock(ClockKind.WALL).timeout(Duration.ofSeconds(30)).build();
        RunResult r = Machine.run(config,
                p -> got[p.rank()] = broadcast.broadcast(p, group, p.rank() == 5 ? payload : null));
        assertThat(got).containsExactly(payload, payload, payload, null, payload, payload);
        assertThat(r.sent(3)).isZero();
        assertThat(r.messagesSent()).isEqualTo(4);
    }
}
