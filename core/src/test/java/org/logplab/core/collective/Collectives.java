package org.logplab.core.collective;

import java.util.Random;
import java.util.stream.Stream;

/** The implementations the contract tests run over, and random groups for them. */
final class Collectives {

    private Collectives() {
    }

    static Stream<Broadcast> broadcasts() {
        return Stream.of(new BinomialMulticast(), new FibonacciMulticast(), new OptimalBroadcast());
    }

    static Stream<AllReduce> allReduces() {
        return Stream.of(new ButterflyAllReduce(), new TreeReduceBroadcast());
    }

    /** A random ordered subset of {@code 0..processors-1} with 1 to {@code processors} members. */
    static int[] randomMembers(Random random, int processors) {
        int[] ranks = new int[processors];
        for (int i = 0; i < processors; i++) {
            ranks[i] = i;
        }
        for (int i = processors - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = ranks[i];
            ranks[i] = ranks[j];
            ranks[j] = t;
        }
        return java.util.Arrays.copyOf(ranks, 1 + random.nextInt(processors));
    }
}
