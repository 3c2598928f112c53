package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.net.PeerAddress;

/**
 * Node JVMs, started as {@link NodeProcesses} starts them (this JVM's Java and class path and the
 * flags of {@code JvmFlags}), print no JVM warning while they run a job over Aeron UDP: no
 * {@code sun.misc.Unsafe} deprecation lines, no other {@code WARNING:} line. JDK 24 began warning
 * about {@code sun.misc.Unsafe}'s memory access (JEP 498); on older JDKs there is nothing to check.
 * A control JVM that does call {@code sun.misc.Unsafe} shows that such a warning would be seen.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("slow")
class NodeJvmWarningsTest {

    private static void assumeJdkWarnsAboutUnsafe() {
        int feature = Runtime.version().feature();
        assumeTrue(feature >= 24, "JDK " + feature
                + " does not warn about sun.misc.Unsafe (JDK 24 began to): nothing to check");
    }

    @Test
    void twoNodesRunARingOverUdpWithoutJvmWarnings() throws Exception {
        assumeJdkWarnsAboutUnsafe();
        List<PeerAddress> peers = NodeProcesses.loopbackPeers(2);
        List<String> err = new CopyOnWriteArrayList<>();
        try (NodeProcesses nodes = new NodeProcesses(Jvm.NODE, 2, NodeProcesses.udp(peers),
                List.of("--job", "ring", "--P", "4"), List.of("-Xmx256m"), err::add).startAll()) {
            nodes.await(Duration.ofSeconds(120));
            for (int i = 0; i < 2; i++) {
                assertThat(nodes.process(i).exitValue()).as("node %d's exit code; stderr %s", i, err).isZero();
            }
        }
        assertThat(err).as("the nodes' standard error").isNotEmpty()
                .noneMatch(line -> line.contains("WARNING:"))
                .noneMatch(line -> line.contains("sun.misc.Unsafe"));
    }

    @Test
    void aJvmThatCallsSunMiscUnsafeIsSeenToWarn() throws Exception {
        assumeJdkWarnsAboutUnsafe();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), CallsUnsafe.class.getName())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("stderr %s", err).isZero();
        assertThat(err).contains("WARNING:").contains("sun.misc.Unsafe");
    }

    /** The control: one field offset through {@code sun.misc.Unsafe}, reflectively (no compile-time use of it). */
    static final class CallsUnsafe {
        @SuppressWarnings("unused")
        private long field;

        public static void main(String[] args) throws ReflectiveOperationException {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            Object unsafe = theUnsafe.get(null);
            unsafeClass.getMethod("objectFieldOffset", Field.class).invoke(unsafe,
                    CallsUnsafe.class.getDeclaredField("field"));
        }
    }
}
