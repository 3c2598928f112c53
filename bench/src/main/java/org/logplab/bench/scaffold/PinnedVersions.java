package org.logplab.bench.scaffold;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The versions a new project's POM names, as this build recorded them in the class-path resource
 * {@code versions.properties} beside this class: LogP Lab's own, those the parent POM pins for
 * JUnit, AssertJ and the plugins {@code mvn test} runs, and the JVM flags of the tests.
 *
 * @param logplab         this build's version, of {@code logplab-core} and {@code logplab-testkit}
 * @param junit           JUnit Jupiter's
 * @param assertj         AssertJ's
 * @param resourcesPlugin the maven-resources-plugin's
 * @param compilerPlugin  the maven-compiler-plugin's
 * @param surefirePlugin  the maven-surefire-plugin's
 * @param jvmFlags        the flags a JVM that runs LogP Lab's wire codec needs
 */
public record PinnedVersions(String logplab, String junit, String assertj, String resourcesPlugin,
                             String compilerPlugin, String surefirePlugin, String jvmFlags) {
    private static final String RESOURCE = "versions.properties";

    /** The versions of the build that made the running classes. */
    public static PinnedVersions current() {
        Properties p = new Properties();
        try (InputStream in = PinnedVersions.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from logplab's classes");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        return new PinnedVersions(value(p, "logplab"), value(p, "junit"), value(p, "assertj"),
                value(p, "resources.plugin"), value(p, "compiler.plugin"), value(p, "surefire.plugin"),
                value(p, "jvm.flags"));
    }

    private static String value(Properties p, String key) {
        String v = p.getProperty(key, "").strip();
        if (v.isEmpty() || v.contains("${")) {
            // the resource was not filtered: classes run without the build's resources
            throw new IllegalStateException(RESOURCE + " has no " + key + ": logplab was built without its versions");
        }
        return v;
    }
}
