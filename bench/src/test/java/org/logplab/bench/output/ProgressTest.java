package org.logplab.bench.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void withoutATerminalEachStepIsOneNumberedLine() {
        StringWriter err = new StringWriter();
        try (Progress p = Progress.start("fft", 3, new PrintWriter(err, true), false)) {
            p.step("N = 1024");
            p.step("N = 2048");
            p.step("N = 4096");
        }
        assertThat(err.toString().lines().toList()).containsExactly("[1/3] N = 1024...", "[2/3] N = 2048...",
                "[3/3] N = 4096...");
    }

    @Test
    void aProgressNeedsAStep() {
        assertThatThrownBy(() -> Progress.start("x", 0, new PrintWriter(new StringWriter()), false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one step");
    }
}
