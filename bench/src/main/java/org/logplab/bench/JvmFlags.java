package org.logplab.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM flags every JVM that runs LogP Lab code needs, for the JVMs this module starts itself:
 * the node processes of a multi-process run ({@code NodeProcesses}) and the JMH forks (the
 * benchmarks' {@code @Fork(jvmArgsAppend = ...)}).
 *
 * <p>Agrona 2, under Aeron and the wire codec, reads {@code jdk.internal.misc.Unsafe} through
 * reflection instead of {@code sun.misc.Unsafe} (whose memory-access methods JDK 24 and later warn
 * about on first use); without the opening its buffers fail to initialise with an
 * {@link IllegalAccessError}. Agrona's and Aeron's release notes (Agrona 2.0.0, Aeron 1.47.0) name
 * this flag; their other one, for {@code java.util.zip}, serves checksums and Aeron Archive, which
 * LogP Lab does not use. The flag is valid on every JDK from 9 on.
 *
 * <p>The same list is {@code logplab.jvm.flags} in the root POM (Surefire's JVMs) and, for
 * {@code java -jar}, the {@code Add-Opens} attribute of {@code logplab.jar} and
 * {@code benchmarks.jar}.
 */
public final class JvmFlags {
    /** Opens {@code jdk.internal.misc} (where the JDK's own {@code Unsafe} lives) to the class path. */
    public static final String OPEN_INTERNAL_UNSAFE = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";

    /** Every flag, in the order they go on a {@code java} command line before the class path. */
    public static final List<String> REQUIRED = List.of(OPEN_INTERNAL_UNSAFE);

    /**
     * Lets JMH 1.37 use {@code sun.misc.Unsafe} without the warning JDK 24 and later print on its
     * first use (JMH after 1.37 no longer needs it); JDK 21 does not know the option.
     */
    public static final String ALLOW_SUN_MISC_UNSAFE = "--sun-misc-unsafe-memory-access=allow";

    private JvmFlags() {
    }

    /** The {@code java} launcher of the running JVM, so that child JVMs run on the same JDK. */
    public static String currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The flags of a JVM that runs the JMH suites on the running JDK: {@link #REQUIRED}, and on JDK 24+ {@link
     * #ALLOW_SUN_MISC_UNSAFE}. */
    public static List<String> forJmh() {
        List<String> flags = new ArrayList<>(REQUIRED);
        if (Runtime.version().feature() >= 24) {
            flags.add(ALLOW_SUN_MISC_UNSAFE);
        }
        return List.copyOf(flags);
    }
}
