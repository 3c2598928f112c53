package org.logplab.bench.scaffold;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.logplab.bench.limits.OutputPaths;

/**
 * Writes a new project's files into its folder, which must not exist yet or be empty: a project is
 * never written over or into another one.
 */
public final class ProjectFolder {
    private ProjectFolder() {
    }

    /**
     * Makes {@code folder} (and its parents) and writes {@code files} into it.
     *
     * @param option the option that named the folder, for a refusal, or null when it is the default
     * @return the files written, in the order given
     * @throws IllegalArgumentException before anything is written, when the folder is a file, is not
     *     empty, or cannot be made
     */
    public static List<Path> write(Path folder, String option, List<ProjectFile> files) throws IOException {
        String label = option == null ? "" : option + ": ";
        if (Files.isDirectory(folder)) {
            try (Stream<Path> entries = Files.list(folder)) {
                if (entries.findAny().isPresent()) {
                    throw new IllegalArgumentException(label + folder + " is not empty: give a new or empty folder"
                            + (option == null ? " with --dir" : ""));
                }
            }
        }
        Path root = OutputPaths.createFolder(option, folder);
        List<Path> written = new ArrayList<>();
        for (ProjectFile file : files) {
            Path path = root.resolve(file.path());
            Files.createDirectories(path.getParent());
            written.add(Files.writeString(path, file.text(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW));
        }
        return written;
    }
}
