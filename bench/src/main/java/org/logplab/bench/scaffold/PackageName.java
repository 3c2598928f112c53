package org.logplab.bench.scaffold;

import javax.lang.model.SourceVersion;

/**
 * The Java package of a new project's classes, which is also its Maven {@code groupId}: a
 * qualified name whose parts are Java identifiers and no keywords, outside {@code java}.
 *
 * @param name the package, such as {@code org.example.algos}
 */
public record PackageName(String name) {

    /**
     * Reads a package name; {@code described} names it in a refusal, such as
     * {@code "--package 'org.1'"}.
     *
     * @throws IllegalArgumentException when it is not a Java package name one may declare
     */
    public static PackageName parse(String name, String described) {
        if (!SourceVersion.isName(name)) {
            throw new IllegalArgumentException(described + " is not a Java package name (identifiers separated by"
                    + " dots, none of them a keyword, such as org.example.algos)");
        }
        if (name.equals("java") || name.startsWith("java.")) {
            throw new IllegalArgumentException(described + " is inside java, which only the JDK may use");
        }
        return new PackageName(name);
    }

    /** The package as a relative folder, {@code org/example/algos}. */
    public String path() {
        return name.replace('.', '/');
    }
}
