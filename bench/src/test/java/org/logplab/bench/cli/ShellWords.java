package org.logplab.bench.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A command line shown in the docs split into its words as a POSIX shell splits them: single and
 * double quotes and backslashes, nothing else. Whatever the shell would expand, redirect or chain
 * (unquoted {@code | & ; < > ( ) $ `} {@code * ?}, a {@code ~} or {@code #} at a word's start, {@code $}
 * or {@code `} in double quotes) is refused: a shown command is one {@code ./logplab} command whose
 * arguments mean the same on every machine.
 */
final class ShellWords {
    private static final String SPECIAL = "|&;<>()$`*?";

    private ShellWords() {
    }

    /** The words of {@code line}; an {@link IllegalArgumentException} names what a shell would not pass on as is. */
    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                continue;
            }
            if (!inWord && (c == '~' || c == '#')) {
                throw refused(c, line);
            }
            inWord = true;
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("the command has an unclosed ' quote: " + line);
                }
                word.append(line, i + 1, end);
                i = end;
            } else if (c == '"') {
                i = doubleQuoted(line, i + 1, word);
            } else if (c == '\\') {
                if (i + 1 == line.length()) {
                    throw new IllegalArgumentException("the command ends in a lone \\: " + line);
                }
                word.append(line.charAt(++i));
            } else if (SPECIAL.indexOf(c) >= 0) {
                throw refused(c, line);
            } else {
                word.append(c);
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        if (words.isEmpty() || !words.get(0).equals("./logplab")) {
            throw new IllegalArgumentException("the command must start with ./logplab: " + line);
        }
        return List.copyOf(words);
    }

    /** Appends the double-quoted text starting at {@code from} to {@code word}; returns the closing quote's index. */
    private static int doubleQuoted(String line, int from, StringBuilder word) {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                return i;
            }
            if (c == '$' || c == '`') {
                throw refused(c, line);
            }
            if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                c = line.charAt(++i);
            }
            word.append(c);
        }
        throw new IllegalArgumentException("the command has an unclosed \" quote: " + line);
    }

    private static IllegalArgumentException refused(char c, String line) {
        return new IllegalArgumentException("the command must be one ./logplab command with nothing the shell expands,"
                + " redirects or chains: quote the " + c + " in " + line);
    }
}
