package org.logplab.bench.program;

import java.io.IOException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.logplab.bench.experiment.TimedRepetitions;
import org.logplab.bench.output.Cells;
import org.logplab.core.ClockKind;
import org.logplab.core.DeadlockException;
import org.logplab.core.LogP;
import org.logplab.core.Machine;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Program;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;

/**
 * The runs of {@code logplab run}: the user's program once under the model clock, or under the
 * wall clock once (for its messages) and then repeated on one machine that stays up
 * ({@link TimedRepetitions}), each with a fresh instance of the program class and the time left
 * of the command's limit as its timeout. A failure in the program is a {@link ProgramFailure}
 * naming the rank and the user's line, a run stopped at the limit one naming what each rank was
 * waiting for, and a deadlock the runtime's own {@link DeadlockException}.
 */
public final class ProgramRuns {
    /**
     * How close to the limit a run must fail to count as stopped by it: the runtime's timeout is
     * measured from the run's start, a little after the timeout was computed.
     */
    private static final long LIMIT_SLACK_NANOS = 50_000_000;

    private final ProgramClass program;
    private final RunSettings settings;
    private final PredictExpression formula;

    /**
     * Runs of {@code program}; its predictions come from {@code formula} if not null, else from
     * the class if it is a {@link PredictedProgram}.
     *
     * @param notes takes a note for standard error: a formula whose value is not a whole number
     */
    public ProgramRuns(ProgramClass program, RunSettings settings, PredictExpression formula, Consumer<String> notes) {
        this.program = program;
        this.settings = settings;
        this.formula = formula;
        if (formula != null) {
            double exact = formula.exact(settings.params());
            if (exact != Math.rint(exact)) {
                notes.accept("note: --predict '" + formula.text() + "' is " + exact + " for these parameters; the"
                        + " runs are compared with " + Math.round(exact) + ", the whole number nearest it");
            }
        }
    }

    /** The run on {@code clock}. */
    public ProgramRun run(ClockKind clock) throws IOException {
        if (settings.remainingNanos() <= 0) {
            throw ProgramFailure.beyondLimit("the " + Cells.clock(clock) + "-clock run has no time left: compiling and"
                    + " what ran before it took " + Cells.duration(settings.elapsedNanos()),
                    settings.elapsedNanos(), settings.maxNanos(), null);
        }
        return clock == ClockKind.MODEL ? model() : wall();
    }

    private ProgramRun model() throws IOException {
        Program instance = program.newInstance();
        Long predicted = predicted(instance);
        RunConfig.Builder config = RunConfig.builder(settings.params()).clock(ClockKind.MODEL)
                .latency(settings.sampling()).trace(settings.trace() != null).timeout(settings.timeout());
        if (settings.threads() != null) {
            config.threads(settings.threads());
        }
        RunResult r = guarded(() -> config.run(instance));
        if (settings.trace() != null) {
            r.trace().orElseThrow().writeChromeJson(settings.trace());
        }
        return new ProgramRun(program.name(), ClockKind.MODEL, settings.params(), r.makespan(), r.finishTimes(),
                r.messagesSent(), r.messagesReceived(), r.inFlight(), predicted, null, 0, 0, null, false);
    }

    /**
     * One run for the messages, then the repetitions ({@link TimedRepetitions}: a warm-up of at
     * least as many, not recorded, then the measured ones) at the period the warm-up learns, not
     * one taken from the first run: that run is cold (class loading, the interpreter, the JIT
     * compiling), often a hundred times a warm one. Skipped when the first run left messages
     * unreceived (they would be taken for the next repetition's).
     */
    private ProgramRun wall() {
        Program instance = program.newInstance();
        Long predicted = predicted(instance);
        LogP params = settings.params();
        RunConfig.Builder config = RunConfig.builder(params).clock(ClockKind.WALL).latency(settings.sampling())
                .timeout(settings.timeout());
        if (settings.threads() != null) {
            config.threads(settings.threads());
        }
        try (Machine machine = Machine.open(config.build())) {
            RunResult once = guarded(() -> machine.run(instance));
            if (!once.inFlight().isEmpty() || once.messagesSent() != once.messagesReceived()) {
                return new ProgramRun(program.name(), ClockKind.WALL, params, once.makespan(), once.finishTimes(),
                        once.messagesSent(), once.messagesReceived(), once.inFlight(), predicted, null, 0, 0,
                        once.latency(), once.oversubscribed());
            }
            int reps = settings.reps();
            // The first run is cold, longer than a warm one: its time bounds the repetitions' from above.
            long each = Math.max(once.makespan(), TimedRepetitions.LEAST_PERIOD_NANOS);
            double end = settings.elapsedNanos() + 2.0 * reps * each;
            if (end > settings.maxNanos()) {
                throw ProgramFailure.beyondLimit(String.format("the wall clock's %,d repetitions and as many warm-up"
                        + " runs, up to %s each (the first run's time), would end after about %s", reps,
                        Cells.duration(each), Cells.duration(end)), end, settings.maxNanos(), "fewer --reps");
            }
            TimedRepetitions.Result r = guarded(() -> TimedRepetitions.run(machine, reps, reps,
                    (p, k) -> instance.run(p)));
            return new ProgramRun(program.name(), ClockKind.WALL, params, r.median(), r.finish(),
                    once.messagesSent(), once.messagesReceived(), once.inFlight(), predicted, r.p99(),
                    r.nanos().length, r.warmup(), r.latency(), r.oversubscribed());
        }
    }

    /** The prediction for this run's parameters: the formula's, the class's own, or null. */
    private Long predicted(Program instance) {
        if (formula != null) {
            return formula.predict(settings.params());
        }
        if (instance instanceof PredictedProgram predicting) {
            try {
                return predicting.predict(settings.params());
            } catch (RuntimeException e) {
                throw ProgramFailure.in(program.name() + ".predict", e, program.classNames());
            }
        }
        return null;
    }

    /** Runs {@code run}, turning a failure of the program into words for its author. */
    private <T> T guarded(Supplier<T> run) {
        try {
            return run.get();
        } catch (DeadlockException e) {
            throw e;
        } catch (RunFailedException e) {
            if (e.rank() >= 0) {
                throw ProgramFailure.of(e, program.classNames());
            }
            if (settings.remainingNanos() < LIMIT_SLACK_NANOS) {
                throw ProgramFailure.stopped(e, settings.maxNanos());
            }
            throw e;
        }
    }
}
