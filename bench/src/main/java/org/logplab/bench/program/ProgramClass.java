package org.logplab.bench.program;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.logplab.core.PredictedProgram;
import org.logplab.core.Program;

/**
 * The program class among compiled sources, and how to make its instances: the one public
 * top-level class that implements {@link Program} (not abstract), made by its public constructor
 * taking {@code String[]} (the program's arguments) or else its public no-argument constructor.
 * The classes are loaded by a class loader of their own over the compiled folder, whose parent is
 * logplab's, so that they see logplab's API; {@link #close()} closes it. Anything that does not fit
 * (no such class, two of them, arguments for a class that takes none, no usable constructor) is
 * refused with an {@link IllegalArgumentException} (exit 2) naming the classes.
 */
public final class ProgramClass implements AutoCloseable {
    private final URLClassLoader loader;
    private final Class<? extends Program> type;
    private final Set<String> classNames;
    private final List<String> arguments;

    private ProgramClass(URLClassLoader loader, Class<? extends Program> type, Set<String> classNames,
                         List<String> arguments) {
        this.loader = loader;
        this.type = type;
        this.classNames = classNames;
        this.arguments = List.copyOf(arguments);
    }

    /**
     * Finds the program class in {@code classes} and checks that it can take {@code arguments}.
     *
     * @param sources the sources they were compiled from, for messages
     */
    public static ProgramClass load(CompiledClasses classes, ProgramSources sources, List<String> arguments) {
        Set<String> names = classNames(classes.folder());
        URLClassLoader loader = new URLClassLoader("logplab-run", new URL[] {url(classes.folder())},
                ProgramClass.class.getClassLoader());
        try {
            Class<? extends Program> type = choose(loader, names, sources);
            checkConstructors(type, arguments);
            return new ProgramClass(loader, type, names, arguments);
        } catch (RuntimeException | Error e) {
            close(loader);
            throw e;
        }
    }

    /** The program class's name, as the rows show it (its binary name: {@code Ring}, {@code demo.Ring}). */
    public String name() {
        return type.getName();
    }

    /** Whether the class predicts its own makespan ({@link PredictedProgram}). */
    public boolean predicts() {
        return PredictedProgram.class.isAssignableFrom(type);
    }

    /** The binary names of every class compiled from the sources: where a stack frame is the user's own. */
    public Set<String> classNames() {
        return classNames;
    }

    /**
     * A new instance, given the program's arguments if its constructor takes them.
     *
     * @throws ProgramFailure if the constructor threw, naming the line
     */
    public Program newInstance() {
        try {
            if (takesArguments(type)) {
                return type.getConstructor(String[].class).newInstance((Object) arguments.toArray(String[]::new));
            }
            return type.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw ProgramFailure.in("the constructor of " + type.getSimpleName(), e.getCause(), classNames);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make an instance of " + type.getName() + ": " + e.getMessage(),
                    e);
        }
    }

    @Override
    public void close() {
        close(loader);
    }

    private static Class<? extends Program> choose(ClassLoader loader, Set<String> names, ProgramSources sources) {
        List<Class<? extends Program>> programs = new ArrayList<>();
        List<String> notPublic = new ArrayList<>();
        for (String name : names) {
            if (name.contains("$")) {
                continue; // nested, local and anonymous classes are never the program class
            }
            Class<?> c;
            try {
                c = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                continue; // a class that cannot even be loaded is not one to run
            }
            if (!Program.class.isAssignableFrom(c) || c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
                continue;
            }
            if (Modifier.isPublic(c.getModifiers())) {
                programs.add(c.asSubclass(Program.class));
            } else {
                notPublic.add(c.getName());
            }
        }
        if (programs.isEmpty()) {
            throw new IllegalArgumentException("no public class in " + sources.names()
                    + " implements org.logplab.core.Program"
                    + (notPublic.isEmpty() ? "" : " (" + String.join(", ", notPublic) + " does, but is not public)")
                    + ": write one, e.g. public class Ring implements Program { public void run(Processor p) {...} }");
        }
        if (programs.size() > 1) {
            throw new IllegalArgumentException(programs.size() + " public classes implement org.logplab.core.Program ("
                    + String.join(", ", programs.stream().map(Class::getName).toList()) + "), and logplab run runs"
                    + " one: give the files of one program, or make the others not public");
        }
        return programs.get(0);
    }

    private static void checkConstructors(Class<? extends Program> type, List<String> arguments) {
        if (takesArguments(type)) {
            return;
        }
        boolean noArguments;
        try {
            type.getConstructor();
            noArguments = true;
        } catch (NoSuchMethodException e) {
            noArguments = false;
        }
        String simple = type.getSimpleName();
        if (!noArguments) {
            throw new IllegalArgumentException(type.getName() + " needs a public constructor " + simple + "() or "
                    + simple + "(String[] args) for logplab run to make it");
        }
        if (!arguments.isEmpty()) {
            throw new IllegalArgumentException(type.getName() + " takes no program arguments (it has no public"
                    + " constructor " + simple + "(String[] args)), but the command line gives it "
                    + String.join(" ", arguments));
        }
    }

    private static boolean takesArguments(Class<?> type) {
        try {
            type.getConstructor(String[].class);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** The binary names of the class files under {@code folder}, sorted. */
    private static Set<String> classNames(Path folder) {
        try (Stream<Path> all = Files.walk(folder)) {
            Set<String> names = new TreeSet<>();
            all.filter(p -> p.getFileName().toString().endsWith(".class")).forEach(p -> {
                String relative = folder.relativize(p).toString().replace(folder.getFileSystem().getSeparator(), ".");
                names.add(relative.substring(0, relative.length() - ".class".length()));
            });
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static URL url(Path folder) {
        try {
            return folder.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException("cannot load classes from " + folder, e);
        }
    }

    private static void close(URLClassLoader loader) {
        try {
            loader.close();
        } catch (IOException e) {
            // the loader only read class files of a local folder: nothing to release that matters
        }
    }
}
