package org.logplab.core.collective.broadcast;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The cuts of Gu, Li and Liu (2002) and the roles members compute from them. */
class SplitTreeTest {

    static Stream<SplitRule> rules() {
        return Stream.of(UniformHalving.RULE, FibonacciSplit.RULE);
    }

    @ParameterizedTest
    @MethodSource("rules")
    void everyMembersLocalRoleAddsUpToOneSpanningTree(SplitRule rule) {
        for (int size = 1; size <= 90; size++) {
            for (int source = 0; source < size; source++) {
                int[] parentOf = new int[size];
                java.util.Arrays.fill(parentOf, -2);
                int edges = 0;
                for (int me = 0; me < size; me++) {
                    TreeRole role = SplitTree.role(rule, size, source, me);
                    assertThat(role.isSource()).isEqualTo(me == source);
                    for (int child : role.children()) {
                        assertThat(parentOf[child]).as("child %d listed twice", child).isEqualTo(-2);
                        parentOf[child] = me;
                        edges++;
                    }
                }
                assertThat(edges).isEqualTo(size - 1);
                for (int me = 0; me < size; me++) {
                    int expected = me == source ? -2 : parentOf[me];
                    assertThat(SplitTree.role(rule, size, source, me).parent())
                            .as("%s K %d source %d member %d", rule, size, source, me)
                            .isEqualTo(me == source ? -1 : expected);
                }
            }
        }
    }

    @Test
    void halvingReproducesTheSendsOfTheSeedsFigureFour() {
        // Gu, Li and Liu (2002), §5, K = 18, source p1 (1-based): p1 sends to p10, p5, p3, p2;
        // p10 to p14, p12, p11; p12 to p13; p3 to p4.
        assertThat(children(UniformHalving.RULE, 18, 0, 0)).containsExactly(9, 4, 2, 1);
        assertThat(children(UniformHalving.RULE, 18, 0, 9)).containsExactly(13, 11, 10);
        assertThat(children(UniformHalving.RULE, 18, 0, 11)).containsExactly(12);
        assertThat(children(UniformHalving.RULE, 18, 0, 2)).containsExactly(3);
    }

    @Test
    void halvingFollowsTheThreeCasesOfTheCenterRule() {
        // source below the middle: center = left + ceil((right-left)/2), covering the upper part
        assertThat(UniformHalving.RULE.split(0, 6, 1)).isEqualTo(new Split(3, 6, 3, 0, 2));
        // source above the middle: center = left + floor((right-left)/2), covering the lower part
        assertThat(UniformHalving.RULE.split(0, 6, 5)).isEqualTo(new Split(0, 3, 3, 4, 6));
        // source exactly in the middle: center = source - 1
        assertThat(UniformHalving.RULE.split(0, 6, 3)).isEqualTo(new Split(0, 2, 2, 3, 6));
        assertThat(UniformHalving.RULE.split(10, 11, 11)).isEqualTo(new Split(10, 10, 10, 11, 11));
    }

    @Test
    void fibonacciCutLeavesFnMinusTwoMembersToTheChild() {
        // K = 18: f(7) = 13 <= 18 < 21, smaller part f(5) = 5; the seed's fib(18) = 13 is the cut.
        assertThat(FibonacciSplit.index(18)).isEqualTo(7);
        assertThat(FibonacciSplit.RULE.split(0, 17, 0)).isEqualTo(new Split(13, 17, 13, 0, 12));
        // source beyond f(n-2): d1 covers d1..d(f(n-2))
        assertThat(FibonacciSplit.RULE.split(0, 17, 9)).isEqualTo(new Split(0, 4, 0, 5, 17));
        assertThat(FibonacciSplit.RULE.split(0, 1, 0)).isEqualTo(new Split(1, 1, 1, 0, 0));
        assertThat(FibonacciSplit.RULE.split(0, 1, 1)).isEqualTo(new Split(0, 0, 0, 1, 1));
        assertThat(FibonacciSplit.index(1)).isEqualTo(2);
        assertThat(FibonacciSplit.index(Integer.MAX_VALUE)).isEqualTo(46);
    }

    private static int[] children(SplitRule rule, int size, int source, int me) {
        return SplitTree.role(rule, size, source, me).children();
    }
}
