package org.logplab.bench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.logplab.bench.MarkdownDocuments;
import org.logplab.bench.cli.MarkedDocument.FileBlock;
import org.logplab.bench.cli.MarkedDocument.OutputBlock;

/**
 * The program behind {@code docs/update-outputs}, run from the repository's root: reruns every
 * marked block's command of {@code README.md} and {@code docs/*.md} (or of the files given) and rewrites
 * the blocks whose output changed, in place; with {@code --check} it rewrites nothing and prints a unified
 * diff of each deterministic block that differs. Blocks marked {@code varies} are rerun and rewritten, and
 * with {@code --check} only parsed; one whose command now ends with another exit status than its marker's
 * is kept as it is (its command may need what this machine lacks, such as LogGOPSim).
 *
 * <p>Exit status: 0 all well; 1 a deterministic block differs ({@code --check}) or its command ended with
 * another status than the marker's; 2 bad usage or a file that breaks the convention (named by file and
 * line; such a file is not rewritten).
 */
final class UpdateOutputs {
    private static final PrintStream OUT = System.out;
    private static final PrintStream ERR = System.err;

    private int differing;
    private int failed;
    private int problems;
    private int rewritten;
    private int blocks;

    private UpdateOutputs() {
    }

    /** Entry point of {@code docs/update-outputs}. */
    public static void main(String[] args) throws IOException {
        System.exit(run(args));
    }

    static int run(String[] args) throws IOException {
        boolean check = false;
        List<Path> files = new ArrayList<>();
        for (String a : args) {
            if (a.equals("--check")) {
                check = true;
            } else if (a.equals("--help") || a.equals("-h")) {
                OUT.println("Usage: docs/update-outputs [--check] [FILE.md...]");
                OUT.println("Reruns the command of every <!-- output --> block of README.md and docs/*.md (or of the"
                        + " files given) and rewrites the blocks in place; --check only reports the blocks that"
                        + " differ and exits 1 if any does.");
                return 0;
            } else if (a.startsWith("-")) {
                ERR.println("update-outputs: unknown option " + a + " (known: --check, --help)");
                return 2;
            } else if (!Files.isRegularFile(Path.of(a))) {
                ERR.println("update-outputs: no such file: " + a);
                return 2;
            } else {
                files.add(Path.of(a));
            }
        }
        if (files.isEmpty()) {
            files.addAll(MarkdownDocuments.under(Path.of("")));
        }
        UpdateOutputs update = new UpdateOutputs();
        for (Path file : files) {
            update.document(file, check);
        }
        OUT.printf("%d marked blocks in %d file%s: %s%s%n", update.blocks, files.size(), files.size() == 1 ? "" : "s",
                check ? update.differing + " differ" : update.rewritten + " rewritten",
                update.failed > 0 ? ", " + update.failed + " commands ended with another exit status" : "");
        return update.problems > 0 ? 2 : update.failed > 0 || update.differing > 0 ? 1 : 0;
    }

    private void document(Path file, boolean check) throws IOException {
        MarkedDocument document = MarkedDocument.read(file, file.toString());
        if (!document.problems().isEmpty()) {
            document.problems().forEach(ERR::println);
            problems += document.problems().size();
            return;
        }
        Path work = Files.createTempDirectory("logplab-doc-outputs");
        DocWorkspace workspace = new DocWorkspace(Path.of(""), work, true);
        Map<OutputBlock, List<String>> changed = new LinkedHashMap<>();
        try {
            for (MarkedDocument.Entry entry : document.entries()) {
                if (entry instanceof FileBlock f) {
                    workspace.save(f);
                } else if (entry instanceof OutputBlock b) {
                    blocks++;
                    block(b, check, workspace, changed);
                }
            }
        } finally {
            deleteTree(work);
        }
        if (!changed.isEmpty()) {
            Files.writeString(file, document.rewritten(changed));
            rewritten += changed.size();
        }
    }

    private void block(OutputBlock b, boolean check, DocWorkspace workspace, Map<OutputBlock, List<String>> changed) {
        String where = b.where();
        if (check && b.varies()) {
            DocCommands.parseProblem(b).ifPresent(p -> {
                ERR.println(where + ": $ " + b.command() + ": the command line is refused: " + p);
                failed++;
            });
            return;
        }
        ERR.println(where + ": $ " + b.command());
        DocCommands.Run run = DocCommands.run(b, workspace);
        if (run.code() != b.exit()) {
            String tail = run.err().strip();
            ERR.println(where + ": " + (b.varies() ? "kept: " : "") + "the command exited " + run.code()
                    + ", the marker expects " + b.exit() + (tail.isEmpty() ? "" : ":\n" + tail));
            if (!b.varies()) {
                failed++;
            }
            return;
        }
        List<String> now = DocCommands.shown(b, run);
        if (now.equals(b.shown())) {
            return;
        }
        if (check) {
            OUT.println(DocCommands.diff(b, now) + "\n");
            differing++;
        } else {
            OUT.println(where + ": rewritten");
            changed.put(b, now);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
