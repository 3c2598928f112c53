package org.logplab.balance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layering of the module's packages, read from the main sources' imports and qualified names:
 * the root package (configurations, runs, results) may use the worker, policy and workload
 * packages; the worker may use policy and workload; policy and workload use no other package of
 * the module. So the packages depend on each other without a cycle, and a policy or a workload
 * can be read and tested without the engine that runs it.
 */
class PackageLayersTest {
    /** What each package (relative to {@code org.logplab.balance}, "" the root) may use besides itself. */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "", Set.of("worker", "policy", "workload"),
            "worker", Set.of("policy", "workload"),
            "policy", Set.of(),
            "workload", Set.of());
    /** A type of the module named with its package: the subpackage, if any, is group 1. */
    private static final Pattern REFERENCE = Pattern.compile("org\\.logplab\\.balance\\.(?:([a-z]\\w*)\\.)?[A-Z]\\w*");

    @Test
    void everyPackageUsesOnlyThePackagesBelowIt() throws IOException {
        Path root = Path.of("src/main/java/org/logplab/balance");
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String pkg = root.relativize(f.getParent()).toString().replace(File.separatorChar, '.');
                assertThat(ALLOWED).as("the layering names package '%s'", pkg).containsKey(pkg);
                Matcher m = REFERENCE.matcher(Files.readString(f));
                while (m.find()) {
                    String used = m.group(1) == null ? "" : m.group(1);
                    if (!used.equals(pkg) && !ALLOWED.get(pkg).contains(used)) {
                        violations.add(root.relativize(f) + " uses " + m.group());
                    }
                }
            }
        }
        assertThat(violations).isEmpty();
    }
}
