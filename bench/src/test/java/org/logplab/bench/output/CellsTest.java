package org.logplab.bench.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** JSON values as people read them in the report's tables. */
class CellsTest {

    @Test
    void logpParametersReadWithTheirUnits() {
        assertThat(Cells.params(50_000, 10_000, 20_000, true)).isEqualTo("L=50 us o=10 us g=20 us");
        assertThat(Cells.params(6, 2, 4, false)).isEqualTo("L=6 o=2 g=4 (model units)");
        Map<String, Object> params = new LinkedHashMap<>(Map.of("L", 50_000, "o", 10_000, "g", 20_000));
        assertThat(Cells.format("params_ns", params)).isEqualTo("L=50 us o=10 us g=20 us");
        assertThat(Cells.format("model_params", Map.of("L", 6, "o", 2, "g", 4))).isEqualTo("L=6 o=2 g=4 (model units)");
    }

    @Test
    void durationsPickTheirUnit() {
        assertThat(Cells.duration(850)).isEqualTo("850 ns");
        assertThat(Cells.duration(12_500)).isEqualTo("12.5 us");
        assertThat(Cells.duration(2_314_582)).isEqualTo("2.31 ms");
        assertThat(Cells.duration(1_500_000_000)).isEqualTo("1.5 s");
        assertThat(Cells.duration(-45)).isEqualTo("-45 ns");
    }

    @Test
    void mapsListsNumbersAndBooleansAreNotJavaSyntax() {
        assertThat(Cells.format("policy_events", Map.of())).isEmpty();
        Map<String, Object> events = new LinkedHashMap<>();
        events.put("steals", 12);
        events.put("migrations", 3);
        assertThat(Cells.format("policy_events", events)).isEqualTo("steals=12 migrations=3");
        assertThat(Cells.format("work_shares", List.of(0.19306, 0.20202, 0.2))).isEqualTo("0.193, 0.202, 0.200");
        assertThat(Cells.format("suspect_reasons", List.of("g = -45 ns is negative", "t0 = -1 ns is negative")))
                .isEqualTo("g = -45 ns is negative, t0 = -1 ns is negative");
        assertThat(Cells.format("ok", true)).isEqualTo("yes");
        assertThat(Cells.format("p50_ns", 9_076_942L)).isEqualTo("9,076,942");
        assertThat(Cells.format("P", 8)).isEqualTo("8");
        assertThat(Cells.format("ratio", 129.67142)).isEqualTo("129.7");
        assertThat(Cells.format("ideal", 24_728.479)).isEqualTo("24,728");
        assertThat(Cells.format("seed_time", null)).isEmpty();
    }

    @Test
    void trimmedKeepsThreeSignificantDigits() {
        assertThat(Cells.trimmed(0.4)).isEqualTo("0.4");
        assertThat(Cells.trimmed(2.0)).isEqualTo("2");
        assertThat(Cells.trimmed(5.589)).isEqualTo("5.59");
        assertThat(Cells.trimmed(123.4)).isEqualTo("123");
    }

    @Test
    void byteSizesPickTheLargestUnitTheyReach() {
        // -Xmx8m is 8 * 2^20 bytes: 8.0 MiB, where GiB with one decimal read 0.0 GiB.
        assertThat(Cells.bytes(8L << 20)).isEqualTo("8.0 MiB");
        // 1,536 bytes = 1.5 * 1,024: KiB; 1,023 bytes are below a KiB.
        assertThat(Cells.bytes(1536)).isEqualTo("1.5 KiB");
        assertThat(Cells.bytes(1023)).isEqualTo("1023 bytes");
        // 2^30 - 1 bytes are 1,023.999... MiB, which rounds to 1,024.0 MiB; 2^30 is 1.0 GiB.
        assertThat(Cells.bytes((1L << 30) - 1)).isEqualTo("1,024.0 MiB");
        assertThat(Cells.bytes(1L << 30)).isEqualTo("1.0 GiB");
        // 134.2 GiB, the heap scale asks for at P = 10^8: 144,115,188,075 bytes / 2^30 = 134.2.
        assertThat(Cells.bytes(144_115_188_075L)).isEqualTo("134.2 GiB");
        assertThat(Cells.bytes(3L << 40)).isEqualTo("3.0 TiB");
    }
}
