package org.logplab.bench.program;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.logplab.bench.BuildInfo;

/**
 * The name of a compilation in the {@link CompileCache}: a SHA-256 digest (its first 128 bits, in
 * hex) of what the classes depend on: every source's path and contents, the logplab build
 * ({@link BuildInfo}), the JDK's version and the compiler's release and class path (with the size and
 * time of each jar on it, so that a rebuilt jar of the same version compiles afresh). Equal keys
 * mean the same classes. Stateless; any thread.
 */
public final class CompileKey {
    private CompileKey() {
    }

    /** The key of {@code sources} compiled by this logplab on this JDK; reads every source. */
    public static String of(ProgramSources sources) {
        MessageDigest sha = sha256();
        text(sha, "logplab run classes 1");
        text(sha, BuildInfo.current().describe());
        text(sha, Runtime.version().toString());
        text(sha, SourceCompiler.RELEASE);
        String classPath = SourceCompiler.classPath();
        text(sha, classPath);
        try {
            for (String entry : classPath.split(File.pathSeparator)) {
                Path jar = Path.of(entry);
                if (Files.isRegularFile(jar)) {
                    text(sha, Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis());
                }
            }
            for (Path source : sources.files()) {
                text(sha, source.toAbsolutePath().normalize().toString());
                byte[] contents = Files.readAllBytes(source);
                text(sha, Integer.toString(contents.length));
                sha.update(contents);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HexFormat.of().formatHex(sha.digest(), 0, 16);
    }

    /** A field of the key, ended so that no two different sequences of fields digest alike. */
    private static void text(MessageDigest sha, String field) {
        byte[] bytes = field.getBytes(StandardCharsets.UTF_8);
        sha.update((bytes.length + ":").getBytes(StandardCharsets.UTF_8));
        sha.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256, which every Java platform must have", e);
        }
    }
}
