package org.logplab.goal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bytes of a GOAL text as the parser reads them: a window over a stream with a few bytes of
 * look-ahead, and the line and column of the next byte (both from 1; a column counts bytes).
 * GOAL is ASCII, so a byte is a character. Not thread-safe.
 */
final class GoalInput {
    /** Bytes the parser reads at once. */
    private static final int CHUNK = 1 << 16;

    private final InputStream in;
    private byte[] buf = new byte[CHUNK];
    private int pos;
    private int lim;
    private boolean eof;
    /** Where {@code buf[0]} is in the stream. */
    private long base;
    private long line = 1;
    /** Where the current line starts in the stream. */
    private long lineStart;

    GoalInput(InputStream in) {
        this.in = in;
    }

    /** The next byte (0..255), or -1 at the end. */
    int peek() {
        return pos < lim ? buf[pos] & 0xff : peek(0);
    }

    /** The byte {@code k} after the next one, or -1 beyond the end. */
    int peek(int k) {
        if (pos + k >= lim) {
            fill(k + 1);
        }
        return pos + k < lim ? buf[pos + k] & 0xff : -1;
    }

    /** Passes over {@code n} bytes of the current line (none of them a line break). */
    void skip(int n) {
        pos += n;
    }

    /** Passes over a line break of {@code n} bytes ({@code \n}, or {@code \r\n}). */
    void newline(int n) {
        pos += n;
        line++;
        lineStart = base + pos;
    }

    /** Whether the text continues with {@code word}'s bytes. */
    boolean startsWith(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (peek(i) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The next {@code n} bytes as text, passed over. */
    String take(int n) {
        peek(n - 1);
        String s = new String(buf, pos, n, StandardCharsets.ISO_8859_1);
        pos += n;
        return s;
    }

    /** The line of the next byte. */
    long line() {
        return line;
    }

    /** The column of the next byte. */
    long column() {
        return base + pos - lineStart + 1;
    }

    private void fill(int need) {
        if (eof) {
            return;
        }
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, lim - pos);
            base += pos;
            lim -= pos;
            pos = 0;
        }
        if (need > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(need, buf.length * 2));
        }
        try {
            while (lim < need && !eof) {
                int n = in.read(buf, lim, buf.length - lim);
                if (n < 0) {
                    eof = true;
                } else {
                    lim += n;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
