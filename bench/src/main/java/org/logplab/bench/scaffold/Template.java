package org.logplab.bench.scaffold;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One file of the project template, a class-path resource under {@code template/} beside this
 * class, whose {@code {{key}}} placeholders are filled in from a map.
 *
 * @param resource the resource's name under {@code template/}, such as {@code pom.xml.template}
 */
public record Template(String resource) {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Za-z]+)}}");
    private static final Pattern TYPE_IMPORT = Pattern.compile("(?m)^import ([\\w.]+)\\.(\\w+);$");

    /** The template's text as it is stored, placeholders and all. */
    public String text() {
        try (InputStream in = Template.class.getResourceAsStream("template/" + resource)) {
            if (in == null) {
                throw new IllegalStateException("the template " + resource + " is missing from logplab's classes");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the template " + resource, e);
        }
    }

    /**
     * The text with every placeholder replaced by its value.
     *
     * @throws IllegalStateException when the template has a placeholder the map has no value for
     */
    public String render(Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text());
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException("the template " + resource + " has no value for " + m.group());
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return m.appendTail(out).toString();
    }

    /** The simple names of the types a Java template imports (not its static imports), such as {@code LogP}. */
    public Set<String> importedTypes() {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = TYPE_IMPORT.matcher(text());
        while (m.find()) {
            names.add(m.group(2));
        }
        return names;
    }
}
