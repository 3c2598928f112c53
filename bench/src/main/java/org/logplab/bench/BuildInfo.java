package org.logplab.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Properties;

/**
 * What the build recorded about itself: the project version and, when it was built from a git
 * checkout, the commit. Read from the class-path resource {@value #RESOURCE}, which the build
 * fills in; a value the build could not fill (empty, or a placeholder left as {@code ${...}}) is
 * unknown.
 *
 * @param version the project version, such as {@code 0.1.0-SNAPSHOT}; {@code "unknown"} when the
 *                resource is missing (classes run from an IDE without the build's resources)
 * @param commit  the short git commit id, when known
 * @param dirty   whether the working tree had uncommitted changes, when known
 */
public record BuildInfo(String version, Optional<String> commit, Optional<Boolean> dirty) {

    /** Where the build writes its properties. */
    public static final String RESOURCE = "/org/logplab/bench/build.properties";

    private static final BuildInfo CURRENT = load();

    /** The build that produced the running classes. */
    public static BuildInfo current() {
        return CURRENT;
    }

    /** Reads the properties a build wrote (keys {@code version}, {@code commit}, {@code commit.dirty}). */
    public static BuildInfo of(Properties p) {
        return new BuildInfo(known(p.getProperty("version")).orElse("unknown"),
                known(p.getProperty("commit")),
                known(p.getProperty("commit.dirty")).map(Boolean::parseBoolean));
    }

    /** {@code 0.1.0-SNAPSHOT (commit 1a2b3c4)}, {@code (commit 1a2b3c4, modified)} or just the version. */
    public String describe() {
        return version + commit.map(c -> " (commit " + c + (dirty.orElse(false) ? ", modified" : "") + ")").orElse("");
    }

    private static BuildInfo load() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        return of(p);
    }

    private static Optional<String> known(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String v = value.strip();
        return v.isEmpty() || v.contains("${") ? Optional.empty() : Optional.of(v);
    }
}
