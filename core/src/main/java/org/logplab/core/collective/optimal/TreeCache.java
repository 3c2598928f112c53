package org.logplab.core.collective.optimal;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link OptimalTree}s an algorithm instance has built, by {@code (D, I, size)}, so that the
 * members of a run share one tree and its cached counts instead of each building its own.
 * Thread-safe; holds at most {@value #LIMIT} trees (then starts afresh: a cache, not a registry).
 */
public final class TreeCache {
    private static final int LIMIT = 64;

    private record Key(long d, long i, int size) { }

    private final ConcurrentHashMap<Key, OptimalTree> trees = new ConcurrentHashMap<>();

    /** An empty cache. */
    public TreeCache() {
    }

    /**
     * The tree {@code new OptimalTree(d, i, size)}, built on the first request for these arguments
     * and shared by later ones.
     *
     * @throws IllegalArgumentException as {@link OptimalTree#OptimalTree(long, long, int)}
     */
    public OptimalTree get(long d, long i, int size) {
        Key key = new Key(d, i, size);
        OptimalTree tree = trees.get(key);
        if (tree == null) {
            if (trees.size() >= LIMIT) {
                trees.clear();
            }
            tree = trees.computeIfAbsent(key, k -> new OptimalTree(k.d(), k.i(), k.size()));
        }
        return tree;
    }
}
