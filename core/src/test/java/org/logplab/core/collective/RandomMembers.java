package org.logplab.core.collective;

import java.util.Arrays;
import java.util.Random;

/** Random groups for the collectives' contract tests. */
public final class RandomMembers {

    private RandomMembers() {
    }

    /** A random ordered subset of {@code 0..processors-1} with 1 to {@code processors} members. */
    public static int[] of(Random random, int processors) {
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
        return Arrays.copyOf(ranks, 1 + random.nextInt(processors));
    }
}
