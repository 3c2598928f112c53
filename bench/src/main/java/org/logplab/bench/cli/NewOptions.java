package org.logplab.bench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The name and options of {@code logplab new}. */
final class NewOptions {

    @Parameters(index = "0", paramLabel = "NAME",
            description = "The project's name, its artifactId: letters, digits and - _ .; capitalised part by part it"
                    + " names the program's class (demo-algo: DemoAlgo).")
    String name;

    @Option(names = "--package", paramLabel = "P",
            description = "The package of the program and its test, also the groupId (default: the class name in lower"
                    + " case, demoalgo).")
    String packageName;

    @Option(names = "--dir", paramLabel = "D",
            description = "The project's folder (default: NAME under the working directory); it must not exist or be"
                    + " empty.")
    Path dir;
}
