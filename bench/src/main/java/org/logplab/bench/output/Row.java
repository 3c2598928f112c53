package org.logplab.bench.output;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One record a command produces: its fields in order, which are the JSON object of {@code --json}
 * and the cells of {@code --csv} (field names are a contract: add, never rename or drop), and
 * values that only the text table shows ({@link #show}), such as a label made for people.
 * {@link Column}s say how the table shows a row.
 */
public final class Row {
    private final Map<String, Object> fields = new LinkedHashMap<>();
    private final Map<String, Object> shown = new HashMap<>();

    /** Sets a field; a field set again keeps its first place. */
    public Row put(String name, Object value) {
        fields.put(name, value);
        return this;
    }

    /** Sets every field of {@code more}, in its order. */
    public Row putAll(Map<String, ?> more) {
        fields.putAll(more);
        return this;
    }

    /** A value for the text table only: never in the JSON or the CSV. */
    public Row show(String name, Object value) {
        shown.put(name, value);
        return this;
    }

    /** The field or, failing that, the table-only value of this name; null if neither. */
    public Object get(String name) {
        return fields.containsKey(name) ? fields.get(name) : shown.get(name);
    }

    /** The value of {@code name} as a long (it must be a number). */
    public long getLong(String name) {
        return ((Number) get(name)).longValue();
    }

    /** The value of {@code name} as a double (it must be a number). */
    public double getDouble(String name) {
        return ((Number) get(name)).doubleValue();
    }

    /** The value of {@code name} as a boolean (it must be one). */
    public boolean getBoolean(String name) {
        return (Boolean) get(name);
    }

    /** The fields, in order (read-only). */
    public Map<String, Object> fields() {
        return Collections.unmodifiableMap(fields);
    }
}
