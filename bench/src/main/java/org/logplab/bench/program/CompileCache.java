package org.logplab.bench.program;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.function.Consumer;
import org.logplab.bench.limits.OutputPaths;

/**
 * Compiled programs kept between runs, so that running unchanged sources again compiles nothing:
 * one folder of classes per {@link CompileKey} under a root folder, by default
 * {@code $XDG_CACHE_HOME/logplab/run} ({@code ~/.cache/logplab/run} without it), or the folder the
 * environment variable {@value #ENVIRONMENT} names. A compilation is written to a folder of its
 * own and then renamed to its key's name in one step, so that a run sees a key's folder complete
 * or not at all, and two runs compiling the same sources at once both succeed (the second rename
 * loses, and its copy is dropped). When the root cannot be written, the sources are compiled into
 * a temporary folder instead, with a note saying so: the run goes on.
 */
public final class CompileCache {
    /** The environment variable that names the root folder instead of the default (tests set it). */
    public static final String ENVIRONMENT = "LOGPLAB_RUN_CACHE";

    private final Path root;

    /** A cache under {@code root}; the folder is made when first needed. */
    public CompileCache(Path root) {
        this.root = root;
    }

    /** The root folder: {@value #ENVIRONMENT}, else the XDG cache folder's {@code logplab/run}. */
    public static Path defaultRoot(Map<String, String> environment) {
        String own = environment.get(ENVIRONMENT);
        if (own != null && !own.isBlank()) {
            return Path.of(own);
        }
        String xdg = environment.get("XDG_CACHE_HOME");
        // the XDG rule: a relative value is invalid and is ignored
        Path cache = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".cache");
        return cache.resolve("logplab").resolve("run");
    }

    /** The root folder. */
    public Path root() {
        return root;
    }

    /**
     * The classes of {@code sources}: the cached ones if this key was compiled before, else
     * compiled now (and cached where the root can be written).
     *
     * @param notes takes what javac printed beside the classes (warnings) and the note on a cache
     *     that could not be written, one text at a time, for standard error
     * @throws CompileFailure if a source did not compile
     */
    public CompiledClasses classes(ProgramSources sources, Consumer<String> notes) {
        Path done = root.resolve(CompileKey.of(sources));
        if (Files.isDirectory(done)) {
            return new CompiledClasses(done, false, false);
        }
        Path fresh;
        try {
            Files.createDirectories(root);
            fresh = Files.createTempDirectory(root, done.getFileName() + ".tmp-");
        } catch (IOException | UnsupportedOperationException e) {
            notes.accept("note: the compile cache cannot be written (" + why(e)
                    + "): compiling into a temporary folder");
            return new CompiledClasses(compileInto(sources, temporaryFolder(), notes), true, true);
        }
        compileInto(sources, fresh, notes);
        try {
            Files.move(fresh, done, StandardCopyOption.ATOMIC_MOVE);
            return new CompiledClasses(done, true, false);
        } catch (IOException e) {
            if (Files.isDirectory(done)) {
                CompiledClasses.delete(fresh); // another run compiled the same sources first: take its classes
                return new CompiledClasses(done, true, false);
            }
            notes.accept("note: the compile cache cannot be written (" + why(e)
                    + "): the classes stay in a temporary folder");
            return new CompiledClasses(fresh, true, true);
        }
    }

    /** Compiles into {@code folder}, removing it if the sources do not compile; returns the folder. */
    private static Path compileInto(ProgramSources sources, Path folder, Consumer<String> notes) {
        try {
            String printed = SourceCompiler.compile(sources, folder);
            if (!printed.isBlank()) {
                notes.accept(printed.stripTrailing());
            }
            return folder;
        } catch (RuntimeException e) {
            CompiledClasses.delete(folder);
            throw e;
        }
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("logplab-run-");
        } catch (IOException e) {
            throw new IllegalStateException("cannot make a temporary folder for the compiled program: " + why(e), e);
        }
    }

    private static String why(Exception e) {
        if (e instanceof FileSystemException f) {
            return OutputPaths.describe(f);
        }
        return e.getMessage() == null ? "the system refused" : e.getMessage();
    }
}
