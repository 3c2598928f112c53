package org.logplab.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.logplab.bench.output.TextTable;
import picocli.CommandLine;

class ConvertersTest {

    @Test
    void durationsAcceptTheUsualUnits() {
        assertThat(DurationNanosConverter.parse("50us")).isEqualTo(50_000);
        assertThat(DurationNanosConverter.parse("10µs")).isEqualTo(10_000);
        assertThat(DurationNanosConverter.parse("1.5ms")).isEqualTo(1_500_000);
        assertThat(DurationNanosConverter.parse("200ns")).isEqualTo(200);
        assertThat(DurationNanosConverter.parse("2s")).isEqualTo(2_000_000_000L);
        assertThat(DurationNanosConverter.parse("750")).isEqualTo(750);
    }

    @Test
    void badDurationsAreRejected() {
        assertThatThrownBy(() -> DurationNanosConverter.parse("-1us"))
                .isInstanceOf(CommandLine.TypeConversionException.class);
        assertThatThrownBy(() -> DurationNanosConverter.parse("5 parsecs"))
                .hasMessageContaining("'5 parsecs' is not a duration");
        assertThatThrownBy(() -> DurationNanosConverter.parse(""))
                .isInstanceOf(CommandLine.TypeConversionException.class);
    }

    @Test
    void sizesUseBinaryMultiples() {
        assertThat(SizeConverter.parse("8")).isEqualTo(8);
        assertThat(SizeConverter.parse("64B")).isEqualTo(64);
        assertThat(SizeConverter.parse("4k")).isEqualTo(4096);
        assertThat(SizeConverter.parse("4KiB")).isEqualTo(4096);
        assertThat(SizeConverter.parse("1M")).isEqualTo(1 << 20);
        assertThatThrownBy(() -> SizeConverter.parse("lots")).hasMessageContaining("'lots' is not a size");
        assertThatThrownBy(() -> SizeConverter.parse("4G")).hasMessageContaining("out of range");
    }

    @Test
    void tablesAlignNumbersRight() {
        String t = new TextTable("name", "value").row("a", 5).row("bb", 1234).render();
        assertThat(t.lines().toList()).containsExactly("name  value", "----  -----", "a         5", "bb     1234");
        assertThatThrownBy(() -> new TextTable("x").row(1, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
