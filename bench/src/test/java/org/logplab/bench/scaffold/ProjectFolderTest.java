package org.logplab.bench.scaffold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A project is written into a new or empty folder only, never over or into another one. */
class ProjectFolderTest {
    private static final List<ProjectFile> FILES = List.of(new ProjectFile("src/main/java/a/A.java", "package a;\n"),
            new ProjectFile("pom.xml", "<project/>\n"));

    @Test
    void aNewFolderIsMadeWithItsParentsAndGetsEveryFile(@TempDir Path tmp) throws Exception {
        Path folder = tmp.resolve("x/y/project");
        List<Path> written = ProjectFolder.write(folder, "--dir", FILES);
        assertThat(written).containsExactly(folder.resolve("src/main/java/a/A.java"), folder.resolve("pom.xml"));
        assertThat(folder.resolve("pom.xml")).hasContent("<project/>");
        assertThat(folder.resolve("src/main/java/a/A.java")).hasContent("package a;");
    }

    @Test
    void anEmptyFolderIsUsed(@TempDir Path tmp) throws Exception {
        ProjectFolder.write(tmp, null, FILES);
        assertThat(tmp.resolve("pom.xml")).isRegularFile();
    }

    @Test
    void aFolderWithAnythingInItIsRefusedAndLeftAsItWas(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("notes.txt"), "mine");
        assertThatThrownBy(() -> ProjectFolder.write(tmp, "--dir", FILES)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--dir: " + tmp + " is not empty: give a new or empty folder");
        assertThatThrownBy(() -> ProjectFolder.write(tmp, null, FILES)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(tmp + " is not empty: give a new or empty folder with --dir");
        try (Stream<Path> entries = Files.list(tmp)) {
            assertThat(entries.toList()).containsExactly(tmp.resolve("notes.txt"));
        }
    }

    @Test
    void aFileIsRefused(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("project"), "a file");
        assertThatThrownBy(() -> ProjectFolder.write(file, "--dir", FILES)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--dir: cannot write " + file + ": a file of that name exists");
    }
}
