package org.logplab.bench.program;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ProgramFailureTest {

    @Test
    void anExceptionWithoutAMessageIsSaidInWordsNeverByItsClassName() {
        assertThat(ProgramFailure.message(new UnsupportedOperationException()))
                .isEqualTo("unsupported operation, without a message");
        assertThat(ProgramFailure.message(new StackOverflowError())).isEqualTo("stack overflow, without a message");
        assertThat(ProgramFailure.message(new IllegalStateException("two\n  lines"))).isEqualTo("two lines");
    }

    @Test
    void theLineIsTheFirstFrameInTheUsersClasses() {
        IllegalStateException thrown = new IllegalStateException("boom");
        thrown.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("org.logplab.core.runtime.ProcessorImpl", "send", "ProcessorImpl.java", 200),
            new StackTraceElement("demo.Ring", "run", "Ring.java", 14),
            new StackTraceElement("demo.Ring", "run", "Ring.java", 9),
        });
        assertThat(ProgramFailure.in("Ring.predict", thrown, Set.of("demo.Ring")).getMessage())
                .isEqualTo("Ring.predict failed at Ring.java:14: boom");
        assertThat(ProgramFailure.in("Ring.predict", thrown, Set.of("other.Class")).getMessage())
                .isEqualTo("Ring.predict failed: boom");
    }
}
