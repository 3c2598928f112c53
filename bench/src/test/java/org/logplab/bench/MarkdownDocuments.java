package org.logplab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Markdown documents a reader of the repository meets: {@code README.md}, then every
 * {@code docs/*.md} in name order. The tests of their Java blocks and command outputs and the
 * {@code docs/update-outputs} script read the same list.
 */
public final class MarkdownDocuments {
    private MarkdownDocuments() {
    }

    /** The documents under the repository root {@code root} (relative paths for a relative root). */
    public static List<Path> under(Path root) throws IOException {
        List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
    }
}
