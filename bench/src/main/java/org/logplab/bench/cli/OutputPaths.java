package org.logplab.bench.cli;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks of the paths a command line names, made before any work starts: a problem is an
 * {@link IllegalArgumentException} (exit 2) naming the option, the path and the problem in words.
 */
final class OutputPaths {
    private OutputPaths() {
    }

    /**
     * Refuses {@code path} as a file to write: it is a folder, its folder does not exist or is not
     * a folder, or it or its folder may not be written. An existing file is written over.
     */
    static void checkWritableFile(String option, Path path) {
        Path file = path.toAbsolutePath();
        if (Files.isDirectory(file)) {
            throw refused(option, path, "it is a folder; give a file name");
        }
        Path folder = file.getParent();
        if (folder != null) {
            checkFolder(option, path, folder);
        }
        if (Files.exists(file) && !Files.isWritable(file)) {
            throw refused(option, path, "the file may not be written");
        }
    }

    /** Refuses {@code path} as a file to read: it does not exist, is a folder, or may not be read. */
    static void checkReadableFile(String option, Path path) {
        if (Files.isDirectory(path)) {
            throw new IllegalArgumentException(label(option) + path + " is a folder, not a file");
        }
        if (!Files.exists(path)) {
            Path folder = path.toAbsolutePath().getParent();
            throw new IllegalArgumentException(label(option) + "no such file: " + path
                    + (folder != null && !Files.isDirectory(folder) ? " (the folder " + folder + " does not exist)" : ""));
        }
        if (!Files.isReadable(path)) {
            throw new IllegalArgumentException(label(option) + path + " may not be read");
        }
    }

    /** Refuses {@code path} as an existing folder (to work in): it does not exist or is not a folder. */
    static void checkFolder(String option, Path path) {
        if (!Files.isDirectory(path)) {
            throw new IllegalArgumentException(label(option) + path + (Files.exists(path) ? " is not a folder" : " does not exist"));
        }
    }

    /** Makes the folder {@code path} (and its parents), or refuses it in words: a file of that name, no permission... */
    static Path createFolder(String option, Path path) {
        if (Files.exists(path) && !Files.isDirectory(path)) {
            throw refused(option, path, "a file of that name exists; give a folder");
        }
        try {
            return Files.createDirectories(path);
        } catch (FileSystemException e) {
            throw new IllegalArgumentException(label(option) + Failures.describe(e), e);
        } catch (IOException e) {
            throw refused(option, path, e.getMessage());
        }
    }

    private static void checkFolder(String option, Path path, Path folder) {
        if (!Files.exists(folder)) {
            throw refused(option, path, "the folder " + folder + " does not exist");
        }
        if (!Files.isDirectory(folder)) {
            throw refused(option, path, folder + " is not a folder");
        }
        if (!Files.isWritable(folder)) {
            throw refused(option, path, "the folder " + folder + " may not be written");
        }
    }

    private static IllegalArgumentException refused(String option, Path path, String why) {
        return new IllegalArgumentException(label(option) + "cannot write " + path + ": " + why);
    }

    private static String label(String option) {
        return option == null ? "" : option + ": ";
    }
}
