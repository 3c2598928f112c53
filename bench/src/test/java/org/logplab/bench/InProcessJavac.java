package org.logplab.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac in the test's own JVM, as a user's build would run it: {@code --release} of the project
 * (the root POM's {@code maven.compiler.release}), on the tests' class path (every module's classes
 * and their libraries), annotation processing off.
 */
public final class InProcessJavac {

    /**
     * One error javac reported.
     *
     * @param file    the source file
     * @param line    its line (1-based), or 0 when javac named none
     * @param message javac's message
     */
    public record Problem(Path file, long line, String message) {
    }

    private InProcessJavac() {
    }

    /** The class path the tests run on, as javac takes it. */
    public static String testClassPath() {
        // Surefire's booter jar carries the class path in its manifest; it sets this to the real one.
        return System.getProperty("java.class.path");
    }

    /** Compiles {@code sources} into {@code classes} on the test class path and {@code more}; returns the errors. */
    public static List<Problem> compile(List<Path> sources, Path classes, List<Path> more) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("the tests run on a JRE without javac");
        }
        Files.createDirectories(classes);
        List<String> classPath = new ArrayList<>(List.of(testClassPath()));
        more.forEach(p -> classPath.add(p.toString()));
        List<String> options = List.of("--release", RepositoryFiles.property("maven.compiler.release"), "-proc:none",
                "-classpath", String.join(File.pathSeparator, classPath), "-d", classes.toString());
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources)).call();
        }
        List<Problem> problems = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                Path file = d.getSource() == null ? null : Path.of(d.getSource().toUri());
                problems.add(new Problem(file, Math.max(d.getLineNumber(), 0), d.getMessage(Locale.ROOT)));
            }
        }
        return problems;
    }
}
