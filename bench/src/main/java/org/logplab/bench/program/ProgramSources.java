package org.logplab.bench.program;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The Java source files of a program, as the command line names them: each {@code .java} file
 * named, and every {@code .java} file under a named folder (in the order of their paths). Nothing
 * named, a path that does not exist and a file that is not a {@code .java} file are refused with an
 * {@link IllegalArgumentException} (exit 2) that says so in words.
 *
 * @param files the source files, each once, in the order given (a folder's files sorted by path)
 */
public record ProgramSources(List<Path> files) {

    /** The sources, copied. */
    public ProgramSources {
        files = List.copyOf(files);
    }

    /** The sources that {@code given} names, checked as above. */
    public static ProgramSources of(List<Path> given) {
        if (given.isEmpty()) {
            throw new IllegalArgumentException("name the program's .java files, or a folder that holds them");
        }
        Set<Path> files = new LinkedHashSet<>();
        for (Path path : given) {
            if (Files.isDirectory(path)) {
                List<Path> inside = javaFilesUnder(path);
                if (inside.isEmpty()) {
                    throw new IllegalArgumentException("the folder " + path + " holds no .java file");
                }
                files.addAll(inside);
            } else if (!Files.exists(path)) {
                throw new IllegalArgumentException("no such file or folder: " + path);
            } else if (!isJava(path)) {
                throw new IllegalArgumentException(path + " is not a Java source file (a name ending in .java) or a"
                        + " folder of them");
            } else if (!Files.isReadable(path)) {
                throw new IllegalArgumentException(path + " may not be read");
            } else {
                files.add(path.normalize());
            }
        }
        return new ProgramSources(new ArrayList<>(files));
    }

    /** The files' names, for messages: {@code Ring.java} or {@code Ring.java, Token.java}. */
    public String names() {
        return String.join(", ", files.stream().map(f -> f.getFileName().toString()).toList());
    }

    private static List<Path> javaFilesUnder(Path folder) {
        try (Stream<Path> all = Files.walk(folder)) {
            return all.filter(Files::isRegularFile).filter(ProgramSources::isJava).map(Path::normalize).sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isJava(Path path) {
        return path.getFileName() != null && path.getFileName().toString().endsWith(".java")
                && Files.isRegularFile(path);
    }
}
