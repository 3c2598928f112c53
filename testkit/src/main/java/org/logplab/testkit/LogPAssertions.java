package org.logplab.testkit;

import org.logplab.core.RunResult;

/**
 * The entry point of the test kit's assertions, imported statically beside AssertJ's own
 * {@code assertThat} (Java picks this one for a {@link RunResult}):
 *
 * <pre>{@code
 * import static org.assertj.core.api.Assertions.assertThat;
 * import static org.logplab.testkit.LogPAssertions.assertThat;
 *
 * RunResult run = ModelRuns.traced(program, LogP.of(6, 2, 4, 8));
 * assertThat(run).hasMakespan(40).hasFinishTime(0, 12).deliveredEveryMessageOnce();
 * assertThat(run.messagesSent()).isEqualTo(7);
 * }</pre>
 */
public final class LogPAssertions {

    private LogPAssertions() {
    }

    /** The assertions on {@code actual}, a completed run. */
    public static RunAssert assertThat(RunResult actual) {
        return new RunAssert(actual);
    }
}
