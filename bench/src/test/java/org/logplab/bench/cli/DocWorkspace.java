package org.logplab.bench.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where one document's commands run, in the document's order, as its reader runs them from the
 * repository's root: a folder of the document's own (its work folder) holds the files its
 * {@code <!-- file -->} blocks save and whatever its commands write there, and a relative path that
 * starts with a folder of the repository ({@code examples/Ring.java}, {@code docs/images/x.png}) or names a
 * file of its root is the repository's.
 *
 * <p>The commands run in process, where the working directory is the JVM's, so every relative path
 * argument is passed as the absolute path it stands for, and {@link #relative(String)} takes those folders
 * back out of what the command printed. When the workspace may not write to the repository (the test),
 * the repository's files an argument names are copied into the work folder and used there, and the
 * folders an argument names are made there, so that nothing the commands write lands in the checkout.
 */
final class DocWorkspace {
    private final Path root;
    private final Path work;
    private final boolean writesToRepository;

    /**
     * @param root               the repository's root
     * @param work               the document's work folder (existing, empty)
     * @param writesToRepository whether a path into the repository is used in place (a command writing there
     *                           rewrites the checkout's file) rather than copied into the work folder
     */
    DocWorkspace(Path root, Path work, boolean writesToRepository) {
        this.root = root.toAbsolutePath().normalize();
        this.work = work.toAbsolutePath().normalize();
        this.writesToRepository = writesToRepository;
    }

    /** Saves a file block's text in the work folder. */
    void save(MarkedDocument.FileBlock file) throws IOException {
        Path target = work.resolve(file.name());
        Files.createDirectories(target.getParent());
        Files.writeString(target, file.text());
    }

    /** The absolute path a path argument stands for (an absolute one unchanged). */
    Path resolve(String argument) {
        Path given = Path.of(argument);
        if (given.isAbsolute()) {
            return given;
        }
        Path normal = given.normalize();
        boolean repository = !normal.startsWith("..") && !Files.exists(work.resolve(normal))
                && (normal.getNameCount() > 1 ? Files.isDirectory(root.resolve(normal.getName(0)))
                        : Files.exists(root.resolve(normal)));
        if (!repository) {
            return work.resolve(normal);
        }
        if (writesToRepository) {
            return root.resolve(normal);
        }
        try {
            copy(root.resolve(normal), work.resolve(normal));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return work.resolve(normal);
    }

    /** Copies a file or folder of the repository (or, where it has none, makes the folder it would be in). */
    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        if (Files.isRegularFile(from)) {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        } else if (Files.isDirectory(from)) {
            List<Path> all;
            try (Stream<Path> walk = Files.walk(from)) {
                all = walk.toList();
            }
            for (Path p : all) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } else if (Files.isDirectory(from.getParent())) {
            Files.createDirectories(to.getParent());
        }
    }

    /**
     * {@code printed} with the work folder and the repository's root taken out of the paths in it: what the
     * command prints when run from the root with the arguments as shown.
     */
    String relative(String printed) {
        return printed.replace(work + "/", "").replace(root + "/", "");
    }
}
