package org.logplab.bench.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.logplab.bench.output.Column;
import org.logplab.bench.output.Output;
import org.logplab.bench.output.Row;
import org.logplab.bench.scaffold.NewProject;
import org.logplab.bench.scaffold.PinnedVersions;
import org.logplab.bench.scaffold.ProjectFile;
import org.logplab.bench.scaffold.ProjectFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code logplab new NAME}: writes a Maven project of one's own on LogP Lab ({@link NewProject}): a
 * POM on {@code logplab-core} and {@code logplab-testkit} at this build's version, a program with
 * its analysis and exact prediction, a test of the prediction on the model clock, and a README.
 *
 * <p>JSON Lines, one object per file written: {@code folder} (the project's), {@code file} (its
 * path inside it), {@code bytes}. A name, package or folder that cannot be used is refused before
 * anything is written (exit 2).
 */
@Command(name = "new",
        header = "Write a Maven project for your own algorithm: POM, a program with its prediction, a test.",
        description = "The project builds and tests with mvn test once logplab-core and logplab-testkit are in the"
                + " local Maven repository (./mvnw install -DskipTests in LogP Lab; they are not on Maven Central).")
final class NewCommand extends RowsCommand {

    @Mixin
    NewOptions options;

    @Override
    int execute() throws Exception {
        NewProject project = NewProject.of(options.name, options.packageName, options.dir);
        PinnedVersions versions = PinnedVersions.current();
        List<ProjectFile> files = project.files(versions);
        ProjectFolder.write(project.folder(), options.dir == null ? null : "--dir", files);
        Output.Table table = output().table(Column.of("file", "file"), Column.of("bytes", "bytes"));
        for (ProjectFile file : files) {
            table.add(new Row().put("folder", project.folder().toString()).put("file", file.path())
                    .put("bytes", file.text().getBytes(StandardCharsets.UTF_8).length));
        }
        Path folder = project.folder();
        note("Wrote " + folder + ". Next: cd " + folder + " && mvn test, once logplab-core and logplab-testkit "
                + versions.logplab() + " are installed (./mvnw install -DskipTests in LogP Lab).");
        return 0;
    }
}
