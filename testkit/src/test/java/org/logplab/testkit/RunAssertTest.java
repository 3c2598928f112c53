package org.logplab.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.logplab.testkit.LogPAssertions.assertThat;

import org.junit.jupiter.api.Test;
import org.logplab.core.ClockKind;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Processor;
import org.logplab.core.Program;
import org.logplab.core.RunResult;

/**
 * Each assertion of the kit passes on a run that satisfies it and fails, with a message saying
 * what was expected and what the run gave, on one that does not.
 */
class RunAssertTest {
    /** L = 6, o = 2, g = 4, G = 1: an 8-byte message keeps its sender busy o + 7G = 9. */
    private static final LogP PARAMS = new LogP(6, 2, 4, 2, 1);

    /** Rank 0 sends one long to rank 1: rank 0 is done at 9, rank 1 receives from 15 to 17. */
    private static final PredictedProgram PING = new PredictedProgram() {
        @Override
        public void run(Processor p) {
            if (p.rank() == 0) {
                p.sendLong(1, 0, 42);
            } else if (p.recvLong(0, 0) != 42) {
                throw new IllegalStateException("wrong value");
            }
        }

        @Override
        public long predict(LogP params) {
            return params.sendBusy(8) + params.L() + params.o();
        }
    };

    /** The same program with an analysis that forgets the receive overhead. */
    private static final PredictedProgram PING_WITHOUT_RECEIVE = new PredictedProgram() {
        @Override
        public void run(Processor p) throws Exception {
            PING.run(p);
        }

        @Override
        public long predict(LogP params) {
            return params.sendBusy(8) + params.L();
        }
    };

    /** Rank 0 sends two messages that rank 1 never receives. */
    private static final Program UNRECEIVED = p -> {
        if (p.rank() == 0) {
            p.sendLong(1, 0, 1);
            p.sendLong(1, 0, 2);
        }
    };

    @Test
    void theTracedRunIsOnTheModelClockWithATrace() {
        RunResult run = ModelRuns.traced(PING, PARAMS);

        assertThat(run.config().clock()).isEqualTo(ClockKind.MODEL);
        assertThat(run.trace()).isPresent();
        assertThat(run.params()).isEqualTo(PARAMS);
    }

    @Test
    void makespanPassesOnTheRightValueAndFailsNamingBoth() {
        RunResult run = ModelRuns.traced(PING, PARAMS);

        assertThat(run).hasMakespan(17);
        assertThatThrownBy(() -> assertThat(run).hasMakespan(16))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expected the run's makespan to be 16 model units but it was 17")
                .hasMessageContaining("[9, 17]");
    }

    @Test
    void finishTimePassesOnTheRightValueAndFailsNamingTheRank() {
        RunResult run = ModelRuns.traced(PING, PARAMS);

        assertThat(run).hasFinishTime(0, 9).hasFinishTime(1, 17);
        assertThatThrownBy(() -> assertThat(run).hasFinishTime(0, 8))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expected rank 0 to finish at 8 model units but it finished at 9")
                .hasMessageContaining("makespan is 17");
    }

    @Test
    void finishTimeOfARankTheRunDoesNotHaveFails() {
        RunResult run = ModelRuns.traced(PING, PARAMS);

        assertThatThrownBy(() -> assertThat(run).hasFinishTime(2, 0))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("no rank 2: its ranks are 0..1");
    }

    @Test
    void predictionPassesWhenExactAndFailsNamingPredictionAndMeasurement() {
        RunResult run = ModelRuns.traced(PING, PARAMS);

        assertThat(run).matchesPrediction(PING);
        assertThatThrownBy(() -> assertThat(run).matchesPrediction(PING_WITHOUT_RECEIVE))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("predicts for " + PARAMS + ", 15 model units, but the run's makespan was 17")
                .hasMessageContaining("(+2;");
    }

    @Test
    void deliveryPassesWhenEveryMessageIsReceivedAndFailsListingTheChannels() {
        assertThat(ModelRuns.traced(PING, PARAMS)).deliveredEveryMessageOnce();

        RunResult run = ModelRuns.traced(UNRECEIVED, PARAMS);
        assertThatThrownBy(() -> assertThat(run).deliveredEveryMessageOnce())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("2 were sent and 0 received")
                .hasMessageContaining("rank 0 -> rank 1: 2 messages");
    }

    @Test
    void tracedMessagesPassOnTheRightCountAndFailOnAnother() {
        RunResult run = ModelRuns.traced(UNRECEIVED, PARAMS);

        assertThat(run).hasTracedMessages(2);
        assertThatThrownBy(() -> assertThat(run).hasTracedMessages(3))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Expected the trace to hold 3 messages but it holds 2 send events");
    }

    @Test
    void tracedMessagesOfARunWithoutATraceFailSayingHowToTraceIt() {
        RunResult run = Machine.run(PARAMS, ClockKind.MODEL, PING);

        assertThatThrownBy(() -> assertThat(run).hasTracedMessages(1))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("the run was not traced")
                .hasMessageContaining("ModelRuns.traced");
    }

    @Test
    void timesOfAWallClockRunAreInNanoseconds() {
        RunResult run = Machine.run(LogP.of(0, 0, 0, 2), ClockKind.WALL, PING);

        assertThatThrownBy(() -> assertThat(run).hasMakespan(-1))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("to be -1 ns but it was");
    }

    @Test
    void assertionsChainAndANullRunFails() {
        assertThat(ModelRuns.traced(PING, PARAMS))
                .hasMakespan(17).hasFinishTime(1, 17).matchesPrediction(PING)
                .deliveredEveryMessageOnce().hasTracedMessages(1);
        assertThatThrownBy(() -> assertThat((RunResult) null).hasMakespan(0))
                .isInstanceOf(AssertionError.class);
    }
}
