package org.logplab.core.collective;

import java.util.stream.Stream;

/** The implementations the contract tests run over. */
final class Collectives {

    private Collectives() {
    }

    static Stream<AllReduce> allReduces() {
        return Stream.of(new ButterflyAllReduce(), new TreeReduceBroadcast());
    }
}
