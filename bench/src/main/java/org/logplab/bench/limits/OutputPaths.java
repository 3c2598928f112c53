package org.logplab.bench.limits;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * Checks of the paths a command line names, made before any work starts: a problem is an
 * {@link IllegalArgumentException} (exit 2) naming the option, the path and the problem in words.
 */
public final class OutputPaths {
    private OutputPaths() {
    }

    /**
     * Refuses {@code path} as a file to write: it is a folder, its folder does not exist or is not
     * a folder, or it or its folder may not be written. An existing file is written over.
     */
    public static void checkWritableFile(String option, Path path) {
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
    public static void checkReadableFile(String option, Path path) {
        if (Files.isDirectory(path)) {
            throw new IllegalArgumentException(label(option) + path + " is a folder, not a file");
        }
        if (!Files.exists(path)) {
            Path folder = path.toAbsolutePath().getParent();
            throw new IllegalArgumentException(label(option) + "no such file: " + path
                    + (folder != null && !Files.isDirectory(folder) ? " (the folder " + folder + " does not exist)"
                    : ""));
        }
        if (!Files.isReadable(path)) {
            throw new IllegalArgumentException(label(option) + path + " may not be read");
        }
    }

    /** Refuses {@code path} as an existing folder (to work in): it does not exist or is not a folder. */
    public static void checkFolder(String option, Path path) {
        if (!Files.isDirectory(path)) {
            throw new IllegalArgumentException(label(option) + path + (Files.exists(path) ? " is not a folder"
                    : " does not exist"));
        }
    }

    /** Makes the folder {@code path} (and its parents), or refuses it in words: a file of that name, no permission...
     * */
    public static Path createFolder(String option, Path path) {
        if (Files.exists(path) && !Files.isDirectory(path)) {
            throw refused(option, path, "a file of that name exists; give a folder");
        }
        try {
            return Files.createDirectories(path);
        } catch (FileSystemException e) {
            throw new IllegalArgumentException(label(option) + describe(e), e);
        } catch (IOException e) {
            throw refused(option, path, e.getMessage());
        }
    }

    /** A file system problem in words: the file and what is wrong with it. */
    public static String describe(FileSystemException e) {
        String name = e.getFile() == null ? "a file" : e.getFile();
        Path file = e.getFile() == null ? null : Path.of(e.getFile()).toAbsolutePath();
        Path folder = file == null ? null : file.getParent();
        if (e instanceof NoSuchFileException) {
            if (folder != null && !Files.isDirectory(folder)) {
                return "cannot use " + name + ": the folder " + folder + " does not exist";
            }
            return "cannot use " + name + ": no such file or folder, and the system does not allow making it there";
        }
        if (e instanceof AccessDeniedException) {
            return "cannot use " + name + ": permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "cannot use " + name + ": it already exists" + (file != null && Files.isRegularFile(file)
                    ? " as a file"
                    : file != null && Files.isDirectory(file) ? " as a folder" : "");
        }
        if (e instanceof NotDirectoryException) {
            return "cannot use " + name + ": it is not a folder";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "cannot use " + name + ": the folder is not empty";
        }
        String reason = e.getReason() == null ? "the system refused" : e.getReason().toLowerCase(java.util.Locale.ROOT);
        return "cannot use " + name + (e.getOtherFile() != null ? " and " + e.getOtherFile() : "") + ": " + reason;
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
