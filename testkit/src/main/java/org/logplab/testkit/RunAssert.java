package org.logplab.testkit;

import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;
import org.logplab.core.ClockKind;
import org.logplab.core.PredictedProgram;
import org.logplab.core.RunResult;
import org.logplab.core.TraceEvent;

/**
 * AssertJ assertions on a completed run: finish times and makespan, in the run's clock units
 * (model units under the model clock, nanoseconds under the wall clock), the makespan against a
 * program's own prediction, delivery of every message, and the trace's message count. Each
 * returns this assertion so that they chain; each failure says what was expected and what the
 * run gave. Obtain one with {@link LogPAssertions#assertThat(RunResult)}:
 *
 * <pre>{@code
 * RunResult run = ModelRuns.traced(new RingAllGather(), LogP.of(6, 2, 4, 8));
 * assertThat(run)
 *         .matchesPrediction(new RingAllGather())
 *         .hasFinishTime(0, 70)
 *         .deliveredEveryMessageOnce()
 *         .hasTracedMessages(56);
 * }</pre>
 */
public final class RunAssert extends AbstractAssert<RunAssert, RunResult> {

    RunAssert(RunResult actual) {
        super(actual, RunAssert.class);
    }

    /** Asserts that the run's makespan (its largest finish time) is {@code expected} clock units. */
    public RunAssert hasMakespan(long expected) {
        isNotNull();
        if (actual.makespan() != expected) {
            failWithActualExpectedAndMessage(actual.makespan(), expected,
                    "Expected the run's makespan to be %d %s but it was %d (finish times by rank: %s)",
                    expected, units(), actual.makespan(), Arrays.toString(actual.finishTimes()));
        }
        return this;
    }

    /** Asserts that processor {@code rank} finished at {@code expected} clock units. */
    public RunAssert hasFinishTime(int rank, long expected) {
        isNotNull();
        int processors = actual.params().P();
        if (rank < 0 || rank >= processors) {
            failWithMessage("Expected rank %d to finish at %d %s but the run has no rank %d: its ranks are 0..%d",
                    rank, expected, units(), rank, processors - 1);
        }
        if (actual.finishTime(rank) != expected) {
            failWithActualExpectedAndMessage(actual.finishTime(rank), expected,
                    "Expected rank %d to finish at %d %s but it finished at %d (the run's makespan is %d)",
                    rank, expected, units(), actual.finishTime(rank), actual.makespan());
        }
        return this;
    }

    /**
     * Asserts that the run's makespan equals what {@code program} predicts for the run's parameters,
     * {@code program.predict(actual.params())}: exactly, as the model clock keeps it.
     */
    public RunAssert matchesPrediction(PredictedProgram program) {
        Objects.requireNonNull(program, "program");
        isNotNull();
        long predicted = program.predict(actual.params());
        if (actual.makespan() != predicted) {
            failWithActualExpectedAndMessage(actual.makespan(), predicted,
                    "Expected the makespan %s predicts for %s, %d %s, but the run's makespan was %d"
                            + " (%+d; finish times by rank: %s)",
                    name(program), actual.params(), predicted, units(), actual.makespan(),
                    actual.makespan() - predicted, Arrays.toString(actual.finishTimes()));
        }
        return this;
    }

    /**
     * Asserts that every message sent was received exactly once: as many received as sent, and
     * none left in a channel when the programs returned. The failure lists the channels that
     * still held messages.
     */
    public RunAssert deliveredEveryMessageOnce() {
        isNotNull();
        if (actual.messagesSent() != actual.messagesReceived() || !actual.inFlight().isEmpty()) {
            failWithMessage("Expected every message sent to be received exactly once, but %d were sent and %d"
                            + " received; left in their channels: %s",
                    actual.messagesSent(), actual.messagesReceived(), leftInChannels());
        }
        return this;
    }

    /**
     * Asserts that the run was traced and that its trace holds {@code count} messages (send
     * events). A run made without a trace fails, saying how to make one.
     */
    public RunAssert hasTracedMessages(long count) {
        isNotNull();
        if (actual.trace().isEmpty()) {
            failWithMessage("Expected a trace holding %d messages, but the run was not traced: run it with"
                    + " ModelRuns.traced(program, params) or RunConfig.builder(params).trace(true)", count);
        }
        long sends = actual.trace().orElseThrow().events().stream()
                .filter(e -> e.kind() == TraceEvent.Kind.SEND)
                .count();
        if (sends != count) {
            failWithActualExpectedAndMessage(sends, count,
                    "Expected the trace to hold %d messages but it holds %d send events (the run counted %d sent)",
                    count, sends, actual.messagesSent());
        }
        return this;
    }

    private String units() {
        return actual.config().clock() == ClockKind.MODEL ? "model units" : "ns";
    }

    private String leftInChannels() {
        if (actual.inFlight().isEmpty()) {
            return "none";
        }
        return actual.inFlight().stream()
                .map(c -> "rank " + c.source() + " -> rank " + c.destination() + ": " + c.count()
                        + (c.count() == 1 ? " message" : " messages"))
                .collect(Collectors.joining(", "));
    }

    private static String name(PredictedProgram program) {
        String simple = program.getClass().getSimpleName();
        return simple.isEmpty() ? program.getClass().getName() : simple;
    }
}
