package org.logplab.bench.program;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The compiled classes of a program: a folder of class files, which {@link #close()} removes if it
 * was a temporary one (the cache could not be written), and whether this run compiled them or
 * found them in the {@link CompileCache}.
 *
 * @param folder the root of the class files (package folders below it)
 * @param compiled whether this run compiled them (false: the cache had them)
 * @param temporary whether the folder is this run's own, removed by {@link #close()}
 */
public record CompiledClasses(Path folder, boolean compiled, boolean temporary) implements AutoCloseable {

    /** Removes a temporary folder; a cached one stays. Quiet: a file left behind costs nothing. */
    @Override
    public void close() {
        if (temporary) {
            delete(folder);
        }
    }

    /** Removes {@code folder} and everything in it, as far as it can. */
    static void delete(Path folder) {
        try (Stream<Path> all = Files.walk(folder)) {
            List<Path> deepestFirst = all.sorted(Comparator.reverseOrder()).toList();
            for (Path p : deepestFirst) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | RuntimeException e) {
            // a folder in the system's temporary space, or a cache entry that never got its name: harmless
        }
    }
}
