package org.logplab.bench.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a tour stopped before its end (Ctrl-C) leaves of its report folder: none, when the tour
 * created the folder and nothing was written yet (the folder is removed); else the files its
 * finished steps wrote, with {@value #NOTE} saying that the report is partial and why (no
 * {@code index.html} unless the tour got that far). Made before the tour starts, which is when
 * it can tell whether the folder is the tour's own; {@link #leave()} runs once the tour is stopped.
 */
public final class TourInterruption {
    /** The file that says, in an interrupted tour's folder, that its report is partial. */
    public static final String NOTE = "INTERRUPTED.txt";

    private final Path dir;
    private final boolean created;

    private TourInterruption(Path dir, boolean created) {
        this.dir = dir;
        this.created = created;
    }

    /** For a tour about to write into {@code dir}: whether the folder exists yet decides who owns it. */
    public static TourInterruption before(Path dir) {
        return new TourInterruption(dir, !Files.exists(dir));
    }

    /**
     * Removes the report folder if the tour created it and it is still empty, else marks it
     * partial with {@value #NOTE}; returns what it did, one sentence for standard error.
     */
    public String leave() {
        try {
            if (!Files.isDirectory(dir)) {
                return "interrupted before the report folder " + dir + " was made";
            }
            List<String> files;
            try (Stream<Path> entries = Files.list(dir)) {
                files = entries.map(p -> p.getFileName().toString()).sorted().toList();
            }
            if (files.isEmpty()) {
                if (created) {
                    Files.delete(dir);
                    return "interrupted: removed the report folder " + dir + ", which it had made and nothing was"
                            + " written to yet";
                }
                return "interrupted: nothing was written to the report folder " + dir;
            }
            boolean page = files.contains("index.html");
            Files.writeString(dir.resolve(NOTE), "The demo was interrupted before it finished: this folder holds"
                    + " what its finished steps wrote (" + String.join(", ", files) + ")"
                    + (page ? "." : ", and no index.html: the report was not written.") + System.lineSeparator());
            return "interrupted: the report folder " + dir + " keeps what the finished steps wrote (" + files.size()
                    + " files" + (page ? "" : ", no index.html") + "), marked partial in " + NOTE;
        } catch (IOException e) {
            throw new UncheckedIOException("interrupted, and the report folder " + dir + " could not be tidied", e);
        }
    }
}
