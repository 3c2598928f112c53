package org.logplab.goal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads GOAL text into a {@link GoalSchedule}: the language LogGOPSim's {@code txt2bin} reads.
 * <pre>
 * num_ranks N
 * rank r {
 *   [label:] send &lt;int&gt;b to &lt;rank&gt; [tag &lt;t|-1&gt;] [cpu &lt;c&gt;] [nic &lt;n&gt;]
 *   [label:] recv &lt;int&gt;b from &lt;rank|-1&gt; [tag &lt;t|-1&gt;] [cpu &lt;c&gt;] [nic &lt;n&gt;]
 *   [label:] calc &lt;int&gt; [cpu &lt;c&gt;]
 *   labelA requires labelB
 *   labelA irequires labelB
 * }
 * </pre>
 * As {@code txt2bin} reads it: a statement ends with its line; spaces and tabs separate words;
 * comments {@code //} to the end of the line and {@code /* ... *}{@code /} stand where a statement
 * may start; {@code rank r {}, {@code }} and {@code num_ranks N} need no line of their own; a
 * keyword after another needs no space before it ({@code 8bto1} is {@code 8b to 1}), but a label
 * is as long as its letters, digits and {@code _} go; {@code tag} defaults to 0, {@code cpu} and
 * {@code nic} to 0; a label names one operation of its rank and a dependency names labels defined
 * above it. One difference: spaces before a statement are read here, while {@code txt2bin} as
 * built refuses them (its generated scanner falls through its rule for spaces where a statement
 * starts, so {@code "  calc 5"} or {@code "} rank 1 {"} are errors to it); {@link GoalWriter}
 * starts every statement in column 1.
 *
 * <p>Refused, with the file, line and column and what was expected: a syntax error. Refused in
 * words: a label undefined or defined twice, a rank out of order or out of range (ranks come
 * 0, 1, ... {@code N-1}, each once), an operation outside a rank block, a {@code num_ranks}
 * missing, after the first rank block or contradicting another, a peer beyond {@code num_ranks},
 * a value out of LogGOPSim's range (a size beyond 2^63-1, a tag beyond 2^32-1, a cpu or nic beyond
 * 255), a dependency cycle. {@code txt2bin} would accept some of these and make a schedule that
 * LogGOPSim reads wrongly or never finishes (a rank out of order, a repeated label, which it
 * silently takes as its first use, a value it truncates). Stateless; any thread.
 */
public final class GoalParser {
    /**
     * Heap for each byte of GOAL text, for the schedule and a run of it: Schedgen's binomial
     * broadcast takes 45 bytes of text an operation and runs in about 125 bytes of heap an
     * operation, 3 a byte; a schedule of short lines ({@code l1: calc 5}) takes more a byte.
     */
    static final double HEAP_PER_TEXT_BYTE = 8;
    /** Heap a schedule needs whatever its size: the JVM's own and the parser's buffers. */
    static final long HEAP_BASE = 64L << 20;

    private final GoalInput in;
    private final String source;
    private final GoalSchedule.Builder builder = GoalSchedule.builder();
    private long numRanks = -1;
    private long numRanksLine;
    private int openRank = -1;

    private GoalParser(InputStream in, String source) {
        this.in = new GoalInput(in);
        this.source = source;
    }

    /**
     * Reads the GOAL file {@code file}, refusing first, before reading it, a file whose schedule
     * would not fit this JVM's heap ({@link #heapFor}).
     */
    public static GoalSchedule parse(Path file) throws IOException {
        return parse(file, Runtime.getRuntime().maxMemory());
    }

    /** {@link #parse(Path)} as if this JVM's heap were {@code max} bytes. */
    static GoalSchedule parse(Path file, long max) throws IOException {
        long bytes = Files.size(file);
        long need = heapFor(bytes);
        if (need > max) {
            throw new GoalException(String.format(Locale.ROOT, "%s is %,d bytes of GOAL: its schedule and a run of"
                    + " it need about %s of heap, but this JVM may use %s: give it more (for the logplab command,"
                    + " LOGPLAB_JAVA_OPTS=-Xmx%dg)", file, bytes, gib(need), gib(max), (need + (1L << 30) - 1) >> 30));
        }
        try (InputStream s = Files.newInputStream(file)) {
            return parse(s, file.toString());
        }
    }

    /** Reads GOAL text given as a string; errors name it {@code <text>}. */
    public static GoalSchedule parse(String text) {
        return parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "<text>");
    }

    /** Reads GOAL text from {@code in}; errors name it {@code source}. The stream is not closed. */
    public static GoalSchedule parse(InputStream in, String source) {
        return new GoalParser(in, source).schedule();
    }

    /**
     * The heap, in bytes, that a schedule read from {@code fileBytes} of GOAL text and a model-clock
     * run of it need, about: what {@link #parse(Path)} refuses beyond this JVM's maximum heap.
     */
    public static long heapFor(long fileBytes) {
        return (long) Math.min(Long.MAX_VALUE / 2.0, fileBytes * HEAP_PER_TEXT_BYTE) + HEAP_BASE;
    }

    private static String gib(long bytes) {
        return bytes < (1L << 30) ? String.format(Locale.ROOT, "%.0f MiB", bytes / (double) (1L << 20))
                : String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }

    private GoalSchedule schedule() {
        while (statement()) {
            // one statement, comment or empty line at a time
        }
        if (openRank >= 0) {
            throw error("the file ends inside rank " + openRank + "'s block: expected }");
        }
        if (numRanks < 0) {
            throw error("no num_ranks: a schedule starts with num_ranks N, the number of ranks");
        }
        try {
            return builder.build((int) numRanks);
        } catch (GoalException e) {
            throw new GoalException(source + ": " + e.getMessage());
        }
    }

    /** Reads what stands where a statement may start; false at the end of the text. */
    private boolean statement() {
        skipSpace();
        int c = in.peek();
        if (c < 0) {
            return false;
        }
        if (lineBreak()) {
            return true;
        }
        if (c == '/' && in.peek(1) == '/') {
            while (in.peek() >= 0 && !lineBreak()) {
                in.skip(1);
            }
            return true;
        }
        if (c == '/' && in.peek(1) == '*') {
            blockComment();
            return true;
        }
        if (c == '}') {
            if (openRank < 0) {
                throw error("} closes no rank block");
            }
            in.skip(1);
            openRank = -1;
            return true;
        }
        long line = in.line();
        long column = in.column();
        String word = word();
        if (word == null) {
            throw expected("rank, num_ranks, send, recv, calc, a label, } or the end of the line");
        }
        switch (word) {
            case "num_ranks" -> numRanks(line);
            case "rank" -> rank(line, column);
            case "send" -> operation(null, OpKind.SEND, line, column);
            case "recv" -> operation(null, OpKind.RECV, line, column);
            case "calc" -> operation(null, OpKind.CALC, line, column);
            default -> labelled(word, line, column);
        }
        return true;
    }

    private void numRanks(long line) {
        skipSpace();
        long column = in.column();
        long n = integer("the number of ranks");
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw at(line, column, "num_ranks must be 1.." + Integer.MAX_VALUE + ", got " + n);
        }
        if (numRanks >= 0 && n != numRanks) {
            throw at(line, column, "num_ranks " + n + " contradicts num_ranks " + numRanks + " on line "
                    + numRanksLine);
        }
        if (numRanks < 0 && builder.ranks() > 0 && openRank < 0) {
            throw at(line, column, "num_ranks must come before the end of rank 0's block");
        }
        numRanks = n;
        numRanksLine = line;
    }

    private void rank(long line, long column) {
        skipSpace();
        long at = in.column();
        long r = integer("the rank's number");
        if (openRank >= 0) {
            throw at(line, column, "rank " + r + " opens inside rank " + openRank + "'s block: close that with }"
                    + " first");
        }
        if (numRanks >= 0 && r >= numRanks) {
            throw at(line, at, "rank " + r + " is out of range: num_ranks is " + numRanks + ", so ranks are 0.."
                    + (numRanks - 1));
        }
        if (r != builder.ranks()) {
            throw at(line, at, builder.ranks() == 0 ? "the first rank block must be rank 0's, not rank " + r + "'s"
                    : "rank " + r + " comes out of order: after rank " + (builder.ranks() - 1) + " comes rank "
                    + builder.ranks());
        }
        skipSpace();
        if (in.peek() != '{') {
            throw expected("{");
        }
        in.skip(1);
        builder.rank((int) r);
        openRank = (int) r;
    }

    /** After a word that is no keyword: {@code label: operation}, or a dependency. */
    private void labelled(String label, long line, long column) {
        skipSpace();
        if (in.peek() == ':') {
            in.skip(1);
            skipSpace();
            long l = in.line();
            long c = in.column();
            OpKind kind = keyword("send") ? OpKind.SEND : keyword("recv") ? OpKind.RECV
                    : keyword("calc") ? OpKind.CALC : null;
            if (kind == null) {
                throw expected("send, recv or calc");
            }
            if (builder.operation(label) >= 0 && openRank >= 0) {
                throw at(line, column, "label " + label + " already names an operation of rank " + openRank);
            }
            operation(label, kind, l, c);
            return;
        }
        boolean starts;
        if (keyword("irequires")) {
            starts = true;
        } else if (keyword("requires")) {
            starts = false;
        } else {
            throw expected(": (a label), requires or irequires");
        }
        skipSpace();
        long column2 = in.column();
        String other = word();
        if (other == null) {
            throw expected("a label");
        }
        endOfStatement("the end of the line");
        if (openRank < 0) {
            throw at(line, column, "a dependency outside a rank block: dependencies join operations of one rank");
        }
        int a = defined(label, line, column);
        int b = defined(other, line, column2);
        if (starts) {
            builder.irequires(a, b);
        } else {
            builder.requires(a, b);
        }
    }

    private int defined(String label, long line, long column) {
        int op = builder.operation(label);
        if (op < 0) {
            throw at(line, column, "label " + label + " is not defined in rank " + openRank
                    + " above this line");
        }
        return op;
    }

    private void operation(String label, OpKind kind, long line, long column) {
        if (openRank < 0) {
            throw at(line, column, kind.keyword() + " outside a rank block: operations stand in a rank r { ... }"
                    + " block");
        }
        skipSpace();
        long size = integer(kind == OpKind.CALC ? "the calc's time" : "the message's size in bytes");
        int peer = 0;
        long tag = 0;
        long cpu = 0;
        long nic = 0;
        if (kind != OpKind.CALC) {
            skipSpace();
            if (!keyword("b")) {
                throw expected("b (bytes) after the size");
            }
            skipSpace();
            String direction = kind == OpKind.SEND ? "to" : "from";
            if (!keyword(direction)) {
                throw expected(direction);
            }
            skipSpace();
            peer = peer(kind, line);
            skipSpace();
            if (keyword("tag")) {
                skipSpace();
                if (in.peek() == '-' && in.peek(1) == '1') {
                    in.skip(2);
                    tag = GoalSchedule.ANY;
                } else {
                    long c = in.column();
                    tag = integer("the tag (or -1, any tag)");
                    if (tag > 0xffff_ffffL) {
                        throw at(line, c, "tag " + tag + " is out of range 0..4294967295 (or -1, any tag)");
                    }
                }
                skipSpace();
            }
        }
        skipSpace();
        if (keyword("cpu")) {
            cpu = index("cpu", line);
            skipSpace();
        }
        if (kind != OpKind.CALC && keyword("nic")) {
            nic = index("nic", line);
        }
        endOfStatement(kind == OpKind.CALC ? (cpu == 0 ? "cpu or the end of the line" : "the end of the line")
                : "tag, cpu, nic or the end of the line, in that order");
        switch (kind) {
            case SEND -> builder.send(label, size, peer, (int) tag, (int) cpu, (int) nic);
            case RECV -> builder.recv(label, size, peer, (int) tag, (int) cpu, (int) nic);
            case CALC -> builder.calc(label, size, (int) cpu);
            default -> throw new IllegalStateException(kind.name());
        }
    }

    private int peer(OpKind kind, long line) {
        long column = in.column();
        if (in.peek() == '-' && in.peek(1) == '1') {
            if (kind == OpKind.SEND) {
                throw at(line, column, "a send goes to one rank: -1 (any source) is for receives only");
            }
            in.skip(2);
            return GoalSchedule.ANY;
        }
        long p = integer(kind == OpKind.SEND ? "the destination rank" : "the source rank (or -1, any source)");
        if (numRanks >= 0 && p >= numRanks || p > Integer.MAX_VALUE) {
            throw at(line, column, "rank " + p + " is out of range: num_ranks is " + numRanks + ", so ranks are 0.."
                    + (numRanks - 1));
        }
        return (int) p;
    }

    private long index(String what, long line) {
        skipSpace();
        long column = in.column();
        long v = integer("the " + what + "'s index");
        if (v > 255) {
            throw at(line, column, what + " " + v + " is out of range 0..255 (LogGOPSim keeps it in a byte)");
        }
        return v;
    }

    private void blockComment() {
        long line = in.line();
        long column = in.column();
        in.skip(2);
        while (true) {
            int c = in.peek();
            if (c < 0) {
                throw at(line, column, "this comment is never closed: expected */");
            }
            if (c == '*' && in.peek(1) == '/') {
                in.skip(2);
                return;
            }
            if (!lineBreak()) {
                in.skip(1);
            }
        }
    }

    private void endOfStatement(String expected) {
        skipSpace();
        if (in.peek() < 0 || lineBreak()) {
            return;
        }
        throw expected(expected);
    }

    /** Passes over a line break if one is next. */
    private boolean lineBreak() {
        int c = in.peek();
        if (c == '\n') {
            in.newline(1);
            return true;
        }
        if (c == '\r' && in.peek(1) == '\n') {
            in.newline(2);
            return true;
        }
        return false;
    }

    private void skipSpace() {
        int c = in.peek();
        while (c == ' ' || c == '\t') {
            in.skip(1);
            c = in.peek();
        }
    }

    /** A word as txt2bin reads a label: a letter, then letters, digits and {@code _}; null if no letter is next. */
    private String word() {
        if (!letter(in.peek())) {
            return null;
        }
        int n = 1;
        while (letter(in.peek(n)) || digit(in.peek(n)) || in.peek(n) == '_') {
            n++;
        }
        return in.take(n);
    }

    /** Passes over {@code word} if the text continues with it (txt2bin's keywords need no space after them). */
    private boolean keyword(String word) {
        if (in.startsWith(word)) {
            in.skip(word.length());
            return true;
        }
        return false;
    }

    private long integer(String what) {
        if (!digit(in.peek())) {
            throw expected("an integer (" + what + ")");
        }
        long line = in.line();
        long column = in.column();
        long v = 0;
        boolean tooLarge = false;
        int n = 0;
        while (digit(in.peek(n))) {
            int d = in.peek(n) - '0';
            if (v > (Long.MAX_VALUE - d) / 10) {
                tooLarge = true;
            } else {
                v = v * 10 + d;
            }
            n++;
        }
        if (tooLarge) {
            throw at(line, column, what + " " + in.take(n) + " is too large: at most " + Long.MAX_VALUE);
        }
        in.skip(n);
        return v;
    }

    private static boolean letter(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean digit(int c) {
        return c >= '0' && c <= '9';
    }

    private GoalException expected(String what) {
        return error("expected " + what + ", found " + found());
    }

    private String found() {
        int c = in.peek();
        if (c < 0) {
            return "the end of the file";
        }
        if (c == '\n' || c == '\r' && in.peek(1) == '\n') {
            return "the end of the line";
        }
        if (c > ' ' && c < 127) {
            return "'" + (char) c + "'";
        }
        return String.format(Locale.ROOT, "the byte 0x%02X", c);
    }

    private GoalException error(String message) {
        return at(in.line(), in.column(), message);
    }

    private GoalException at(long line, long column, String message) {
        return GoalException.at(source, line, column, message);
    }
}
