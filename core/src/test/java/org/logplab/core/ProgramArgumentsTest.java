package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgramArgumentsTest {
    private static final Map<String, Integer> DEFAULTS = Map.of("keys", 16, "seed", 1);

    @Test
    void givenValuesReplaceTheirDefaultsAndTheLastOneWins() {
        assertThat(ProgramArguments.parse(new String[] {"seed=7", "seed=9"}, DEFAULTS))
                .containsExactly(Map.entry("keys", 16), Map.entry("seed", 9));
        assertThat(ProgramArguments.parse(new String[0], DEFAULTS)).isEqualTo(DEFAULTS);
        assertThat(ProgramArguments.parse(new String[] {"keys=-3"}, DEFAULTS)).containsEntry("keys", -3);
    }

    @Test
    void anUnknownNameAMissingEqualsSignOrANonNumberIsRefusedNamingIt() {
        assertThatThrownBy(() -> ProgramArguments.parse(new String[] {"key=3"}, DEFAULTS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown argument key=3: expected NAME=NUMBER with NAME one of [keys, seed]");
        assertThatThrownBy(() -> ProgramArguments.parse(new String[] {"keys"}, DEFAULTS))
                .hasMessageStartingWith("unknown argument keys: expected NAME=NUMBER");
        assertThatThrownBy(() -> ProgramArguments.parse(new String[] {"keys=lots"}, DEFAULTS))
                .hasMessage("argument keys=lots: lots is not a whole number (an int)");
        assertThatThrownBy(() -> ProgramArguments.parse(new String[] {"keys=3000000000"}, DEFAULTS))
                .hasMessageContaining("is not a whole number (an int)");
    }

    @Test
    void theResultCannotBeChanged() {
        Map<String, Integer> values = ProgramArguments.parse(new String[0], DEFAULTS);
        assertThatThrownBy(() -> values.put("keys", 1)).isInstanceOf(UnsupportedOperationException.class);
    }
}
