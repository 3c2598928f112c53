package org.logplab.bench.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Prints JSON Lines: one JSON object per line, fields in insertion order (pass a
 * {@link java.util.LinkedHashMap}) so that output is stable for users' scripts.
 */
public final class JsonLines {
    /** The shared mapper (thread-safe once configured). */
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonLines() {
    }

    /** One object as a single line of JSON. */
    public static String toLine(Map<String, ?> fields) {
        return toJson(fields);
    }

    /** Any value as JSON text (a number, a list, an object...). */
    public static String toJson(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Prints one object as a line. */
    public static void print(PrintWriter out, Map<String, ?> fields) {
        out.println(toLine(fields));
    }
}
