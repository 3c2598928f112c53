package org.logplab.core.collective.ktree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** {@link IntLog#ceilLog} against powers counted out in {@link BigInteger}, which cannot overflow. */
class IntLogTest {

    /** The least e with base^e >= x, by multiplying up from 1. */
    private static int bruteCeilLog(long base, long x) {
        BigInteger target = BigInteger.valueOf(x);
        BigInteger power = BigInteger.ONE;
        int e = 0;
        while (power.compareTo(target) < 0) {
            power = power.multiply(BigInteger.valueOf(base));
            e++;
        }
        return e;
    }

    @Test
    void shouldMatchBruteForceForSmallBasesAndArguments() {
        for (long base = 2; base <= 12; base++) {
            for (long x = 1; x <= 3000; x++) {
                assertThat(IntLog.ceilLog(base, x)).as("ceilLog(%d, %d)", base, x).isEqualTo(bruteCeilLog(base, x));
            }
        }
    }

    @Test
    void shouldBeExactAtPowersWhereFloatingPointSlips() {
        // Math.log(1000) / Math.log(10) is 2.9999999999999996: floating point would give 2 or 3 by luck.
        assertThat(IntLog.ceilLog(10, 1000)).isEqualTo(3);
        assertThat(IntLog.ceilLog(10, 1001)).isEqualTo(4);
        assertThat(IntLog.ceilLog(3, 243)).isEqualTo(5);
        assertThat(IntLog.ceilLog(3, 244)).isEqualTo(6);
        assertThat(IntLog.ceilLog(2, 1)).isZero();
        assertThat(IntLog.ceilLog(2, Long.MAX_VALUE)).isEqualTo(63);
        assertThat(IntLog.ceilLog(Long.MAX_VALUE, Long.MAX_VALUE)).isEqualTo(1);
    }

    @Property(tries = 300)
    void shouldMatchBruteForceAnywhere(@ForAll @LongRange(min = 2, max = 1L << 40) long base,
                                       @ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long x) {
        assertThat(IntLog.ceilLog(base, x)).isEqualTo(bruteCeilLog(base, x));
    }

    @Test
    void shouldRefuseBaseOneAndNonPositiveArguments() {
        assertThatThrownBy(() -> IntLog.ceilLog(1, 5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IntLog.ceilLog(2, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
