package org.logplab.bench.scaffold;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The name of a new project, as given ({@code demo-algo}), and the two names made of it: the Maven
 * {@code artifactId} (the name itself) and the program's class name, the name capitalised part by
 * part with the separators {@code -}, {@code _} and {@code .} dropped ({@code DemoAlgo}).
 *
 * @param artifactId the name as given: a letter, then letters, digits and {@code - _ .}
 * @param className  the program's class name, a Java identifier
 */
public record ProjectName(String artifactId, String className) {
    private static final Pattern ALLOWED = Pattern.compile("[A-Za-z0-9_.-]+");
    private static final Pattern SEPARATORS = Pattern.compile("[-_.]+");

    /**
     * Reads a name given on the command line.
     *
     * @throws IllegalArgumentException when it holds other characters than letters, digits and
     *     {@code - _ .}, or does not start with a letter
     */
    public static ProjectName parse(String name) {
        if (!ALLOWED.matcher(name).matches()) {
            throw new IllegalArgumentException("NAME '" + name + "' may hold only letters, digits and - _ . (it names"
                    + " the project's folder and artifact, and its class once capitalised)");
        }
        if (!Character.isLetter(name.charAt(0))) {
            // a folder named -x or .x would be taken for an option or hidden
            throw new IllegalArgumentException("NAME '" + name + "' does not start with a letter: start it with one");
        }
        StringBuilder className = new StringBuilder();
        for (String part : SEPARATORS.split(name)) {
            if (!part.isEmpty()) {
                className.append(Character.toUpperCase(part.charAt(0))).append(part, 1, part.length());
            }
        }
        // a capital letter, then ASCII letters and digits: a Java identifier, and no keyword
        return new ProjectName(name, className.toString());
    }

    /** The package when none is given: the class name in lower case ({@code demoalgo}). */
    public String defaultPackage() {
        return className.toLowerCase(Locale.ROOT);
    }
}
