package org.logplab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code ```java} block of a Markdown file, as a reader would copy it (the fence's indentation
 * taken off every line): either whole files (it declares a top-level type) or import lines
 * followed by statements.
 *
 * @param file  the Markdown file
 * @param line  the line of the block's first line of code in the file (1-based)
 * @param lines the block's lines
 */
record JavaBlock(Path file, int line, List<String> lines) {
    private static final Pattern OPEN = Pattern.compile("^(\\s*)```java\\s*$");
    private static final Pattern CLOSE = Pattern.compile("^\\s*```\\s*$");
    private static final Pattern TYPE = Pattern.compile(
            "^(?:(?:public|final|abstract|sealed|non-sealed|strictfp)\\s+)*(?:class|interface|record|enum)\\s+(\\w+)");

    /** The Java blocks of {@code markdown}, in order. */
    static List<JavaBlock> in(Path markdown) throws IOException {
        List<String> all = Files.readAllLines(markdown);
        List<JavaBlock> blocks = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            Matcher open = OPEN.matcher(all.get(i));
            if (!open.matches()) {
                continue;
            }
            int indent = open.group(1).length();
            List<String> code = new ArrayList<>();
            int start = i + 1;
            for (i = start; i < all.size() && !CLOSE.matcher(all.get(i)).matches(); i++) {
                String l = all.get(i);
                code.add(l.substring(Math.min(indent, l.length() - l.stripLeading().length())));
            }
            blocks.add(new JavaBlock(markdown, start + 1, List.copyOf(code)));
        }
        return blocks;
    }

    /** The type it declares at the top level (the first public one, else the first), if it declares any. */
    Optional<String> declaredType() {
        String first = null;
        for (String l : lines) {
            Matcher m = TYPE.matcher(l);
            if (m.find()) {
                if (l.startsWith("public ")) {
                    return Optional.of(m.group(1));
                }
                first = first == null ? m.group(1) : first;
            }
        }
        return Optional.ofNullable(first);
    }

    /** How many of its first lines are imports (and blank lines among or after them). */
    int importLines() {
        int n = 0;
        while (n < lines.size() && (lines.get(n).startsWith("import ") || lines.get(n).isBlank())) {
            n++;
        }
        return n;
    }

    /** Its text, as the reader copies it. */
    String text() {
        return String.join("\n", lines) + "\n";
    }

    /** Where it is, for messages: {@code README.md:1040}. */
    String where() {
        return file.getFileName() + ":" + line;
    }
}
