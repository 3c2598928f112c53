package org.logplab.bench.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.logplab.core.LogP;

class PredictExpressionTest {
    private static final LogP PARAMS = new LogP(6, 2, 4, 8, 3);

    @Test
    void theParametersAreVariablesAndMaxMinLog2CeilFloorAreFunctions() {
        assertThat(PredictExpression.parse("P*(L+2*o)", List.of()).predict(PARAMS)).isEqualTo(80);
        assertThat(PredictExpression.parse("ceil(log2(P)) * max(L + 2*o, g)", List.of()).predict(PARAMS))
                .isEqualTo(30);
        assertThat(PredictExpression.parse("min(g, o) + G + floor(7/2)", List.of()).predict(PARAMS)).isEqualTo(8);
        assertThat(PredictExpression.parse("2^P", List.of()).predict(PARAMS)).isEqualTo(256);
    }

    @Test
    void log2IsExactAtPowersOfTwo() {
        for (int k = 0; k < 62; k++) {
            assertThat(PredictExpression.log2(Math.scalb(1.0, k))).isEqualTo(k);
        }
        assertThat(Math.ceil(PredictExpression.log2(1000))).isEqualTo(10);
        assertThat(PredictExpression.log2(6)).isStrictlyBetween(2.58, 2.59);
    }

    @Test
    void programArgumentsNamingANumberAreVariables() {
        PredictExpression f = PredictExpression.parse("(P-1)*(L+2*o) + (k-1)*max(g, 2*o)",
                List.of("k=3", "mode=fast", "verbose"));
        assertThat(f.predict(LogP.of(6, 2, 4, 4))).isEqualTo(38);
        assertThat(PredictExpression.namedNumbers(List.of("k=3", "x=1.5", "mode=fast", "-v", "2=3")))
                .containsExactly(java.util.Map.entry("k", 3.0), java.util.Map.entry("x", 1.5));
        assertThatThrownBy(() -> PredictExpression.parse("P", List.of("P=3")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the program argument P=3 names the LogP parameter P, which --predict takes from --P: give"
                        + " it another name");
    }

    @Test
    void aValueIsRoundedToTheNearestWholeNumber() {
        PredictExpression f = PredictExpression.parse("L/4", List.of());
        assertThat(f.exact(PARAMS)).isEqualTo(1.5);
        assertThat(f.predict(PARAMS)).isEqualTo(2);
    }

    @Test
    void whatIsNoFormulaOrHasNoValueIsRefusedQuotingIt() {
        for (String bad : List.of("P*(L+", "P*x", "", "max(L)", "L +* o")) {
            assertThatThrownBy(() -> PredictExpression.parse(bad, List.of()).predict(PARAMS))
                    .as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("--predict '" + bad + "' is not a formula logplab can use: ");
        }
        PredictExpression divides = PredictExpression.parse("L/(g-4)", List.of());
        assertThatThrownBy(() -> divides.predict(PARAMS)).hasMessageContaining(
                "division by zero for L=6, o=2, g=4, G=3, P=8");
        PredictExpression huge = PredictExpression.parse("2^(100*P)", List.of());
        assertThatThrownBy(() -> huge.predict(PARAMS)).hasMessageContaining("not a time");
    }
}
