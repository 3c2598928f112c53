package org.logplab.bench.program;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.logplab.core.Program;

/**
 * Compiles a program's sources in this JVM with the JDK's own compiler ({@code javax.tools}), for
 * Java 21 ({@code --release 21}, with debug information so that a failure can name its line),
 * against the class path logplab runs on: the fat jar, or the modules' class folders in a test.
 * Refuses to run on a JVM without a compiler (a JRE) in words. Stateless; any thread.
 */
public final class SourceCompiler {
    /** The Java release the sources are compiled for: the oldest JDK logplab runs on. */
    public static final String RELEASE = "21";

    private SourceCompiler() {
    }

    /**
     * Compiles {@code sources} into the folder {@code out}, which must exist.
     *
     * @return what javac printed beside the classes (warnings, notes), empty when nothing
     * @throws CompileFailure if a source did not compile, with javac's report
     * @throws IllegalArgumentException if this JVM has no Java compiler
     */
    public static String compile(ProgramSources sources, Path out) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalArgumentException("logplab run needs a JDK, not a JRE: the Java at "
                    + System.getProperty("java.home") + " has no Java compiler; run logplab on a JDK 21 or newer"
                    + " (JAVA_HOME)");
        }
        StringWriter printed = new StringWriter();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromPaths(sources.files());
            // no DiagnosticListener: javac then prints every diagnostic to `printed` exactly as its command does
            boolean ok = javac.getTask(printed, files, null, options(out), null, units).call();
            if (!ok) {
                throw new CompileFailure(sources.names(), printed.toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return printed.toString();
    }

    /** javac's options: the release, debug information, no annotation processing, the class path, the output. */
    static List<String> options(Path out) {
        return List.of("--release", RELEASE, "-g", "-proc:none", "-encoding", "UTF-8", "-classpath", classPath(),
                "-d", out.toString());
    }

    /**
     * The class path the sources compile against: this JVM's ({@code java.class.path}), and the
     * folder or jar of logplab's core, should the class path not name it (a launcher that puts the
     * classes elsewhere).
     */
    public static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(entry);
            }
        }
        String core = location(Program.class);
        if (core != null) {
            entries.add(core);
        }
        return String.join(File.pathSeparator, new ArrayList<>(entries));
    }

    /** The folder or jar {@code type} was loaded from; null where the JVM does not say. */
    private static String location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where " + type.getName() + " was loaded from", e);
        }
    }
}
