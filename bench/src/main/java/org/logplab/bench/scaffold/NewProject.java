package org.logplab.bench.scaffold;

import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A project {@code logplab new} is to write, checked: its name, the package of its classes (also
 * its {@code groupId}) and its folder; and the files the templates make of them: {@code pom.xml},
 * {@code README.md}, the program {@code src/main/java/<package>/<Name>.java} and its test
 * {@code src/test/java/<package>/<Name>Test.java}.
 *
 * @param name        the project's name and the program's class name
 * @param packageName the package of the program and its test
 * @param folder      where the project goes
 */
public record NewProject(ProjectName name, PackageName packageName, Path folder) {
    private static final Template POM = new Template("pom.xml.template");
    private static final Template README = new Template("README.md.template");
    private static final Template PROGRAM = new Template("Program.java.template");
    private static final Template TEST = new Template("ProgramTest.java.template");

    /**
     * The project of this name; without a package, the class name in lower case; without a
     * folder, the name under the working directory.
     *
     * @throws IllegalArgumentException when the name, the package or a class name made of them
     *     cannot be used, in words
     */
    public static NewProject of(String name, String packageName, Path folder) {
        ProjectName project = ProjectName.parse(name);
        PackageName pkg = packageName == null
                ? PackageName.parse(project.defaultPackage(), "the package '" + project.defaultPackage()
                        + "' made of NAME (give one with --package)")
                : PackageName.parse(packageName, "--package '" + packageName + "'");
        for (String cls : List.of(project.className(), project.className() + "Test")) {
            if (PROGRAM.importedTypes().contains(cls) || TEST.importedTypes().contains(cls)) {
                throw new IllegalArgumentException("NAME '" + name + "' gives the class " + cls
                        + ", a name the generated code imports for another type: choose another NAME");
            }
            if (inJavaLang(cls)) {
                throw new IllegalArgumentException("NAME '" + name + "' gives the class " + cls
                        + ", which would hide java.lang." + cls + ": choose another NAME");
            }
        }
        return new NewProject(project, pkg, folder == null ? Path.of(name) : folder);
    }

    /** The project's files, made with these versions; the program's first. */
    public List<ProjectFile> files(PinnedVersions versions) {
        String source = packageName.path() + "/" + name.className();
        Map<String, String> values = Map.ofEntries(
                Map.entry("groupId", packageName.name()),
                Map.entry("artifactId", name.artifactId()),
                Map.entry("package", packageName.name()),
                Map.entry("packagePath", packageName.path()),
                Map.entry("Name", name.className()),
                Map.entry("logplabVersion", versions.logplab()),
                Map.entry("junitVersion", versions.junit()),
                Map.entry("assertjVersion", versions.assertj()),
                Map.entry("resourcesPluginVersion", versions.resourcesPlugin()),
                Map.entry("compilerPluginVersion", versions.compilerPlugin()),
                Map.entry("surefirePluginVersion", versions.surefirePlugin()),
                Map.entry("jvmFlags", versions.jvmFlags()));
        return Stream.of(
                new ProjectFile("src/main/java/" + source + ".java", PROGRAM.render(values)),
                new ProjectFile("src/test/java/" + source + "Test.java", TEST.render(values)),
                new ProjectFile("pom.xml", POM.render(values)),
                new ProjectFile("README.md", README.render(values))).toList();
    }

    /** Whether {@code java.lang} has a public type of this name, which a class of that name would hide. */
    private static boolean inJavaLang(String simpleName) {
        try {
            Class<?> type = Class.forName("java.lang." + simpleName, false, ClassLoader.getPlatformClassLoader());
            return Modifier.isPublic(type.getModifiers());
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
