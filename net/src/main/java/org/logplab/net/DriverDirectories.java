package org.logplab.net;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The temporary directories of the media drivers this JVM embeds: made fresh by
 * {@link #create}, removed by their owner with {@link #delete} once its driver has closed, and
 * otherwise by a shutdown hook, so that a process ended by a signal or {@code System.exit} in the
 * middle of a run leaves no driver files behind either. The hook only unlinks files (a running
 * driver keeps its mappings until the process ends); it does not close drivers that other threads
 * may still be using.
 *
 * <p>Removal is idempotent and tolerates another removal of the same tree at the same time (an
 * owner closing normally while the JVM shuts down). A process killed outright ({@code kill -9},
 * {@code -XX:+ExitOnOutOfMemoryError}) runs no hook: whoever started it removes the folder it put
 * the directories in ({@code logplab launch} does).
 */
public final class DriverDirectories {
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    /** Attempts at removing a tree in which something is still creating files. */
    private static final int ATTEMPTS = 3;
    /** How long the shutdown hook waits before looking whether a removed directory came back, ms. */
    static final long RECHECK_MILLIS = 50;

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(DriverDirectories::deleteAll, "logplab-driver-dirs"));
        } catch (IllegalStateException shuttingDown) {
            // Loaded while the JVM exits: nothing made here can outlive the exit's own cleanup.
        }
    }

    private DriverDirectories() {
    }

    /**
     * A new, empty directory named {@code prefix} plus a random suffix, removed at exit unless
     * {@link #delete deleted} before.
     *
     * @param parent the folder to make it in, or null for the system's temporary folder
     * @throws IOException if it cannot be made
     */
    public static Path create(Path parent, String prefix) throws IOException {
        Path dir = parent == null ? Files.createTempDirectory(prefix) : Files.createTempDirectory(parent, prefix);
        LIVE.add(dir);
        return dir;
    }

    /**
     * Removes {@code dir} and everything in it, if still there; any number of times, from any
     * thread. A failure is reported on standard error, not thrown: the caller is closing.
     */
    public static void delete(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException e) {
            System.err.println("logplab: could not remove the media driver's directory " + dir + ": " + e);
        } finally {
            LIVE.remove(dir);
        }
    }

    /** The directories made here and not yet deleted. */
    static Set<Path> live() {
        return Set.copyOf(LIVE);
    }

    /**
     * The shutdown hook's removal. A signal can come while a driver is still starting: its thread
     * may make the rest of its tree (publications, images, the loss report) after the removal, so
     * the directories are looked at again a few times, {@link #RECHECK_MILLIS} apart, and removed
     * again if they came back.
     */
    private static void deleteAll() {
        removeAtExit(List.copyOf(LIVE));
    }

    /** {@link #deleteAll}'s removal of {@code dirs}, looking again for those that came back. */
    static void removeAtExit(List<Path> dirs) {
        for (Path dir : dirs) {
            delete(dir);
        }
        for (int round = 0; round < ATTEMPTS && !dirs.isEmpty(); round++) {
            try {
                Thread.sleep(RECHECK_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            for (Path dir : dirs) {
                if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                    delete(dir);
                }
            }
        }
    }

    /** Removes a tree; files that vanish meanwhile (another removal) are not an error. */
    static void deleteTree(Path dir) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                deleteRecursively(dir);
                return;
            } catch (DirectoryNotEmptyException e) {
                // Something made a file in it while it was being emptied: go over it again.
                if (attempt == ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private static void deleteRecursively(Path p) throws IOException {
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> children = Files.newDirectoryStream(p)) {
                for (Path c : children) {
                    deleteRecursively(c);
                }
            } catch (NoSuchFileException gone) {
                return;
            } catch (DirectoryIteratorException e) {
                if (e.getCause() instanceof NoSuchFileException) {
                    return;
                }
                throw e.getCause();
            }
        }
        Files.deleteIfExists(p);
    }
}
