package org.logplab.bench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Markdown file read for its marked blocks, the one reader of the convention for command outputs in
 * the docs (see {@code docs/architecture.md}, "Command outputs in the docs"):
 *
 * <ul>
 * <li>{@code <!-- output [varies] [exit=N] [stderr] [head=N] [slow] -->} directly before a {@code ```text} block
 * whose first line is {@code $ ./logplab ARGS} (continued over lines ending in {@code " \"}) and whose other
 * lines are what the command prints ({@link OutputBlock});</li>
 * <li>{@code <!-- file NAME -->} directly before a fenced block of any kind: the file the guide has its
 * reader save, whose text the block is, for the commands after it ({@link FileBlock}).</li>
 * </ul>
 *
 * <p>Whatever breaks the convention is a problem named by file and line; the blocks read despite it are
 * kept, but a file with problems is never rewritten.
 *
 * @param name     the Markdown file's name in messages, e.g. {@code docs/cli.md}
 * @param lines    its lines, without line ends
 * @param entries  its marked blocks, in order
 * @param problems what breaks the convention, each {@code FILE:LINE: what}
 */
record MarkedDocument(String name, List<String> lines, List<Entry> entries, List<String> problems) {
    private static final Pattern MARKER_START = Pattern.compile("^\\s*<!--\\s*(output|file)\\b.*");
    private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*(output|file)((?:\\s+\\S+)*?)\\s*-->\\s*$");
    private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,})([^`\\s]*)\\s*$");
    private static final Pattern NUMBER = Pattern.compile("(exit|head)=(\\d{1,4})");
    private static final String PROMPT = "$ ./logplab";

    /** A marked block. */
    sealed interface Entry permits OutputBlock, FileBlock {
    }

    /**
     * A command's output block.
     *
     * @param where       {@code FILE:LINE} of its marker
     * @param varies      whether its output depends on the host ({@code output varies})
     * @param exit        the exit status the command is expected to end with
     * @param stderr      whether the block shows standard error after standard output
     * @param head        how many lines of output it shows before a last line {@code ...}; 0 for all
     * @param slow        whether its command takes minutes, too long for the test suite: deterministic, checked
     *                    by {@code docs/update-outputs --check}, only parsed by the test
     * @param command     the command as shown, its continuation lines joined ({@code ./logplab ARGS})
     * @param args        the command's arguments, after {@code ./logplab}
     * @param shown       the lines it shows as the output (the fence's indentation taken off)
     * @param indent      the fence's indentation
     * @param outputStart the index in the file's lines of the first output line
     * @param outputEnd   the index of the block's closing fence
     */
    record OutputBlock(String where, boolean varies, int exit, boolean stderr, int head, boolean slow, String command,
            List<String> args, List<String> shown, String indent, int outputStart, int outputEnd) implements Entry {
    }

    /**
     * A file the guide has its reader save.
     *
     * @param where {@code FILE:LINE} of its marker
     * @param name  its path, relative to where the commands run
     * @param text  its content
     */
    record FileBlock(String where, String name, String text) implements Entry {
    }

    /** Reads {@code file}, named {@code name} in messages. */
    static MarkedDocument read(Path file, String name) throws IOException {
        return parse(name, Files.readString(file));
    }

    /** Reads {@code text}, the content of the file {@code name}. */
    static MarkedDocument parse(String name, String text) {
        List<String> lines = text.lines().toList();
        List<Entry> entries = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher other = FENCE.matcher(lines.get(i));
            if (other.matches()) { // an unmarked block: what it shows is not a marker, even one that looks like it
                i = closing(lines, i + 1, other.group(2).length());
                continue;
            }
            if (!MARKER_START.matcher(lines.get(i)).matches()) {
                continue;
            }
            String where = name + ":" + (i + 1);
            try {
                Matcher marker = MARKER.matcher(lines.get(i));
                if (!marker.matches()) {
                    throw new IllegalArgumentException("a marker is one line: <!-- output [varies] [exit=N] [stderr]"
                            + " [head=N] --> or <!-- file NAME -->");
                }
                List<String> words = List.of(marker.group(2).strip().split("\\s+")).stream()
                        .filter(w -> !w.isEmpty()).toList();
                Matcher fence = i + 1 < lines.size() ? FENCE.matcher(lines.get(i + 1)) : null;
                if (fence == null || !fence.matches()) {
                    throw new IllegalArgumentException("the marker must be followed directly by a fenced block"
                            + (marker.group(1).equals("output") ? " (```text)" : ""));
                }
                int close = closing(lines, i + 2, fence.group(2).length());
                if (close == lines.size()) {
                    throw new IllegalArgumentException("its block is not closed (no ``` line after it)");
                }
                String indent = fence.group(1);
                List<String> content = lines.subList(i + 2, close).stream().map(l -> unindent(l, indent)).toList();
                if (marker.group(1).equals("file")) {
                    entries.add(fileBlock(where, words, content));
                } else {
                    if (!fence.group(3).equals("text")) {
                        throw new IllegalArgumentException("an output marker must be followed by a ```text block,"
                                + " not ```" + fence.group(3));
                    }
                    entries.add(outputBlock(where, words, content, indent, i + 2));
                }
                i = close;
            } catch (IllegalArgumentException e) {
                problems.add(where + ": " + e.getMessage());
            }
        }
        return new MarkedDocument(name, lines, List.copyOf(entries), List.copyOf(problems));
    }

    /** The index of the line that closes a fence of {@code length} backticks, from {@code from}; the end if none. */
    private static int closing(List<String> lines, int from, int length) {
        Pattern close = Pattern.compile("^\\s*`{" + length + ",}\\s*$");
        int i = from;
        while (i < lines.size() && !close.matcher(lines.get(i)).matches()) {
            i++;
        }
        return i;
    }

    private static FileBlock fileBlock(String where, List<String> words, List<String> content) {
        if (words.size() != 1) {
            throw new IllegalArgumentException("a file marker names one file: <!-- file NAME -->");
        }
        Path name = Path.of(words.get(0)).normalize();
        if (name.isAbsolute() || name.startsWith("..") || name.toString().isEmpty()) {
            throw new IllegalArgumentException("a file marker names a relative path inside where the commands run,"
                    + " not " + words.get(0));
        }
        return new FileBlock(where, name.toString(), content.isEmpty() ? "" : String.join("\n", content) + "\n");
    }

    private static OutputBlock outputBlock(String where, List<String> words, List<String> content, String indent,
            int contentStart) {
        boolean varies = false;
        boolean stderr = false;
        boolean slow = false;
        int exit = 0;
        int head = 0;
        List<String> seen = new ArrayList<>();
        for (int k = 0; k < words.size(); k++) {
            String w = words.get(k);
            Matcher number = NUMBER.matcher(w);
            String key = number.matches() ? number.group(1) : w;
            if (seen.contains(key)) {
                throw new IllegalArgumentException("the marker gives " + key + " twice");
            }
            seen.add(key);
            if (w.equals("varies") && k == 0) {
                varies = true;
            } else if (w.equals("stderr")) {
                stderr = true;
            } else if (w.equals("slow")) {
                slow = true;
            } else if (number.matches() && key.equals("exit") && Integer.parseInt(number.group(2)) <= 255) {
                exit = Integer.parseInt(number.group(2));
            } else if (number.matches() && key.equals("head") && Integer.parseInt(number.group(2)) > 0) {
                head = Integer.parseInt(number.group(2));
            } else {
                throw new IllegalArgumentException("unknown option '" + w + "' in the output marker (known, in this"
                        + " order: output, then varies, then any of exit=N (0-255), stderr, head=N (N > 0), slow)");
            }
        }
        if (content.isEmpty() || !(content.get(0).equals(PROMPT) || content.get(0).startsWith(PROMPT + " "))) {
            throw new IllegalArgumentException("the block's first line must be the command, `" + PROMPT
                    + " ARGS`, not `" + (content.isEmpty() ? "" : content.get(0)) + "`");
        }
        StringBuilder command = new StringBuilder();
        int n = 0;
        String line;
        do {
            line = content.get(n);
            if (n >= content.size() - 1 && line.endsWith(" \\")) {
                throw new IllegalArgumentException("the command's last line ends in \\ but nothing follows it");
            }
            String part = line.endsWith(" \\") ? line.substring(0, line.length() - 2) : line;
            command.append(n == 0 ? part.substring(2) : " " + part.strip());
            n++;
        } while (line.endsWith(" \\"));
        List<String> argv = ShellWords.split(command.toString());
        return new OutputBlock(where, varies, exit, stderr, head, slow, command.toString(),
                argv.subList(1, argv.size()), List.copyOf(content.subList(n, content.size())), indent,
                contentStart + n, contentStart + content.size());
    }

    private static String unindent(String line, String indent) {
        int strip = 0;
        while (strip < indent.length() && strip < line.length() && line.charAt(strip) == ' ') {
            strip++;
        }
        return line.substring(strip);
    }

    /** The output blocks, in order. */
    List<OutputBlock> outputs() {
        return entries.stream().filter(OutputBlock.class::isInstance).map(OutputBlock.class::cast).toList();
    }

    /** The file's text with each given block's output lines replaced by the given ones. */
    String rewritten(Map<OutputBlock, List<String>> outputs) {
        List<String> result = new ArrayList<>(lines);
        List<OutputBlock> lastFirst = outputs.keySet().stream()
                .sorted(Comparator.comparingInt(OutputBlock::outputStart).reversed()).toList();
        for (OutputBlock block : lastFirst) {
            List<String> indented = outputs.get(block).stream()
                    .map(l -> l.isEmpty() ? l : block.indent() + l).toList();
            result.subList(block.outputStart(), block.outputEnd()).clear();
            result.addAll(block.outputStart(), indented);
        }
        return String.join("\n", result) + "\n";
    }
}
