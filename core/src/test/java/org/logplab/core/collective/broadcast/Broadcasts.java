package org.logplab.core.collective.broadcast;

import java.util.stream.Stream;

/** The broadcasts the contract and timing tests run over. */
final class Broadcasts {

    private Broadcasts() {
    }

    static Stream<Broadcast> all() {
        return Stream.of(new BinomialMulticast(), new FibonacciMulticast(), new OptimalBroadcast());
    }
}
