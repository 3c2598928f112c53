package org.logplab.bench.program;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CompileCacheTest {
    private static final String HELLO = "public class Hello implements org.logplab.core.Program {"
            + " public void run(org.logplab.core.Processor p) { } }\n";

    @TempDir
    Path dir;

    private ProgramSources hello() throws IOException {
        return ProgramSources.of(List.of(Files.writeString(dir.resolve("Hello.java"), HELLO)));
    }

    @Test
    void theSecondRequestForTheSameSourcesCompilesNothing() throws IOException {
        CompileCache cache = new CompileCache(dir.resolve("cache"));
        List<String> notes = new ArrayList<>();
        CompiledClasses first = cache.classes(hello(), notes::add);
        CompiledClasses second = cache.classes(hello(), notes::add);
        assertThat(first.compiled()).isTrue();
        assertThat(second.compiled()).isFalse();
        assertThat(second.folder()).isEqualTo(first.folder());
        assertThat(first.folder().resolve("Hello.class")).exists();
        assertThat(first.temporary()).isFalse();
        second.close();
        assertThat(first.folder()).as("a cached folder stays").exists();
        assertThat(notes).isEmpty();
        assertThat(CompileKey.of(hello())).isEqualTo(first.folder().getFileName().toString()).hasSize(32);
    }

    @Test
    void twoRunsCompilingTheSameSourcesAtOnceBothGetTheClasses() throws Exception {
        CompileCache cache = new CompileCache(dir.resolve("cache"));
        ProgramSources sources = hello();
        CyclicBarrier together = new CyclicBarrier(2);
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            List<Future<CompiledClasses>> runs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                runs.add(two.submit(() -> {
                    together.await();
                    return cache.classes(sources, note -> { });
                }));
            }
            Path folder = runs.get(0).get().folder();
            assertThat(runs.get(1).get().folder()).isEqualTo(folder);
            assertThat(folder.resolve("Hello.class")).exists();
        } finally {
            two.shutdownNow();
        }
        try (Stream<Path> entries = Files.list(dir.resolve("cache"))) {
            assertThat(entries.toList()).as("one folder, no copy left behind").hasSize(1);
        }
    }

    @Test
    void aCacheThatCannotBeWrittenCompilesIntoATemporaryFolderAndSaysSo() throws IOException {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        List<String> notes = new ArrayList<>();
        CompiledClasses classes = new CompileCache(file.resolve("cache")).classes(hello(), notes::add);
        assertThat(classes.temporary()).isTrue();
        assertThat(classes.folder().resolve("Hello.class")).exists();
        assertThat(notes).singleElement().asString().startsWith("note: the compile cache cannot be written (")
                .endsWith("): compiling into a temporary folder");
        classes.close();
        assertThat(classes.folder()).doesNotExist();
    }

    @Test
    void sourcesThatDoNotCompileLeaveNothingInTheCache() throws IOException {
        Path broken = Files.writeString(dir.resolve("Broken.java"), "public class Broken {\n");
        CompileCache cache = new CompileCache(dir.resolve("cache"));
        assertThatThrownBy(() -> cache.classes(ProgramSources.of(List.of(broken)), note -> { }))
                .isInstanceOfSatisfying(CompileFailure.class, f -> assertThat(f.javacOutput())
                        .contains("Broken.java:1: error: reached end of file while parsing"))
                .hasMessage("Broken.java did not compile: 1 error (javac's report above)");
        try (Stream<Path> entries = Files.list(dir.resolve("cache"))) {
            assertThat(entries.toList()).isEmpty();
        }
    }

    @Test
    void theRootIsTheEnvironmentsOrTheXdgCacheFolders() {
        String home = System.getProperty("user.home");
        assertThat(CompileCache.defaultRoot(Map.of(CompileCache.ENVIRONMENT, "/tmp/x"))).isEqualTo(Path.of("/tmp/x"));
        assertThat(CompileCache.defaultRoot(Map.of("XDG_CACHE_HOME", "/var/cache/me")))
                .isEqualTo(Path.of("/var/cache/me/logplab/run"));
        assertThat(CompileCache.defaultRoot(Map.of("XDG_CACHE_HOME", "relative")))
                .isEqualTo(Path.of(home, ".cache", "logplab", "run"));
        assertThat(CompileCache.defaultRoot(Map.of())).isEqualTo(Path.of(home, ".cache", "logplab", "run"));
    }
}
