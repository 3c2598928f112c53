package org.logplab.bench.scaffold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The names, package and files of a project {@code logplab new} writes, and what it refuses. */
class NewProjectTest {

    @ParameterizedTest
    @CsvSource({"demo-algo, DemoAlgo, demoalgo", "ring, Ring, ring", "my_fast.algo, MyFastAlgo, myfastalgo",
        "x2, X2, x2", "pipelinedBroadcast, PipelinedBroadcast, pipelinedbroadcast"})
    void theNameGivesTheArtifactTheClassAndTheDefaultPackage(String name, String className, String pkg) {
        NewProject project = NewProject.of(name, null, null);
        assertThat(project.name().artifactId()).isEqualTo(name);
        assertThat(project.name().className()).isEqualTo(className);
        assertThat(project.packageName().name()).isEqualTo(pkg);
        assertThat(project.folder()).isEqualTo(Path.of(name));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1algo | does not start with a letter",
        "_x | does not start with a letter",
        "my algo | may hold only letters, digits and - _ .",
        "a/b | may hold only letters, digits and - _ .",
        "-- | does not start with a letter",
        "log-p | gives the class LogP, a name the generated code imports for another type",
        "list | gives the class List, a name the generated code imports for another type",
        "parameterized | gives the class ParameterizedTest, a name the generated code imports for another type",
        "string | gives the class String, which would hide java.lang.String",
        "override | gives the class Override, which would hide java.lang.Override",
        "int | the package 'int' made of NAME (give one with --package) is not a Java package name"})
    void aNameThatCannotBeUsedIsRefusedInWords(String name, String message) {
        assertThatThrownBy(() -> NewProject.of(name, null, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"org.1x", "a..b", "org.example.class", "", "org-example", "java.util", "java"})
    void aBadPackageIsRefused(String pkg) {
        assertThatThrownBy(() -> NewProject.of("demo-algo", pkg, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--package '" + pkg + "' is ");
    }

    @Test
    void theFilesAreTheProgramItsTestThePomAndAReadmeInThePackagesFolders() {
        List<ProjectFile> files = NewProject.of("demo-algo", "com.acme.algos", null).files(PinnedVersions.current());
        assertThat(files).extracting(ProjectFile::path).containsExactly("src/main/java/com/acme/algos/DemoAlgo.java",
                "src/test/java/com/acme/algos/DemoAlgoTest.java", "pom.xml", "README.md");
        Map<String, String> text = files.stream().collect(Collectors.toMap(ProjectFile::path, ProjectFile::text));
        assertThat(text.values()).noneMatch(t -> t.contains("{{"));
        assertThat(text.get("src/main/java/com/acme/algos/DemoAlgo.java")).startsWith("package com.acme.algos;\n")
                .contains("public final class DemoAlgo implements PredictedProgram {",
                        "public long predict(LogP params) {");
        assertThat(text.get("src/test/java/com/acme/algos/DemoAlgoTest.java")).startsWith("package com.acme.algos;\n")
                .contains("import static org.logplab.testkit.LogPAssertions.assertThat;", "class DemoAlgoTest {",
                        "ModelRuns.traced(program, params)", ".matchesPrediction(program)",
                        ".deliveredEveryMessageOnce()");
        assertThat(text.get("README.md")).startsWith("# DemoAlgo\n").contains("mvn test",
                "logplab run src/main/java/com/acme/algos/DemoAlgo.java");
    }

    @Test
    void aTemplateRefusesAPlaceholderItHasNoValueFor() {
        for (String resource : List.of("pom.xml.template", "README.md.template", "Program.java.template",
                "ProgramTest.java.template")) {
            Template template = new Template(resource);
            assertThat(template.text()).as(resource).contains("{{");
        }
        assertThatThrownBy(() -> new Template("pom.xml.template").render(Map.of()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("has no value for {{");
        assertThat(new Template("ProgramTest.java.template").importedTypes()).contains("LogP", "ModelRuns", "List")
                .doesNotContain("assertThat");
    }

    @Test
    void theProgramIsTheFirstFileAndEveryFileIsNamedOnce() {
        List<ProjectFile> files = NewProject.of("ring", null, Path.of("elsewhere")).files(PinnedVersions.current());
        assertThat(files.stream().collect(Collectors.toMap(ProjectFile::path, Function.identity()))).hasSize(4);
        assertThat(files.get(0).path()).isEqualTo("src/main/java/ring/Ring.java");
    }
}
