package org.logplab.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * jshell as {@code ./logplab shell} starts it, fed snippets on standard input as a user types them:
 * the startup file the launcher names (after jshell's DEFAULT one) and the JVM flags of
 * {@link JvmFlags} for the VM that runs the snippets. jshell exits 0 even when a snippet fails, so
 * its transcript is what tells.
 */
final class JshellSession {
    private static final Pattern STARTUP = Pattern.compile("--startup \"\\$root/([^\"]+)\"");

    private JshellSession() {
    }

    /** The jshell of the JDK the tests run on; the test is skipped, saying so, when it has none. */
    static Path jshell() {
        Path jshell = Path.of(System.getProperty("java.home"), "bin", "jshell");
        Assumptions.assumeTrue(Files.isExecutable(jshell), "no jshell in " + System.getProperty("java.home")
                + " (a JRE, or a JDK without the jdk.jshell module): ./logplab shell cannot be tried");
        return jshell;
    }

    /** The launcher script at the root of the checkout. */
    static Path launcher() {
        return RepositoryFiles.root().resolve("logplab");
    }

    /** The startup file the launcher gives jshell after DEFAULT. */
    static Path startupFile() throws IOException {
        Matcher m = STARTUP.matcher(Files.readString(launcher()));
        if (!m.find()) {
            throw new AssertionError("the launcher gives jshell no --startup \"$root/...\" file");
        }
        return RepositoryFiles.root().resolve(m.group(1));
    }

    /** jshell's command line on {@code classPath}, as the launcher makes it on logplab.jar. */
    static List<String> command(String classPath) throws IOException {
        List<String> command = new ArrayList<>(List.of(jshell().toString(), "--class-path", classPath));
        JvmFlags.REQUIRED.forEach(f -> command.add("-R" + f));
        command.addAll(List.of("--startup", "DEFAULT", "--startup", startupFile().toString()));
        return command;
    }

    /**
     * Runs {@code command} in {@code dir} with {@code input} on standard input (then {@code /exit})
     * and returns what it printed, standard error included.
     */
    static String run(List<String> command, Path dir, String input) throws Exception {
        return run(command, dir, input, Map.of());
    }

    /** As {@link #run(List, Path, String)}, with these environment variables set. */
    static String run(List<String> command, Path dir, String input, Map<String, String> environment)
            throws Exception {
        Path in = Files.writeString(dir.resolve("input.jsh"), input + "\n/exit\n");
        Path out = dir.resolve("transcript.txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectInput(in.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().putAll(environment);
        Process p = builder.start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("jshell still running after 3 min: " + Files.readString(out));
        }
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    /** The snippet lines of the transcript that report an error or an exception. */
    static List<String> failures(String transcript) {
        return transcript.lines().filter(l -> l.contains("Error:") || l.contains("Exception")).toList();
    }
}
