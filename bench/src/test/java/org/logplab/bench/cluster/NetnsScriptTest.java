package org.logplab.bench.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench/hosts/netns.sh} where it cannot work: a bad command or bad settings are usage
 * errors (exit 2), and without {@code ip} or without root it says which and exits 3, touching
 * nothing. (Where it works, {@link TwoHostsRunTest} and {@link WireFaultsTest} use it.)
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class NetnsScriptTest {

    private static Optional<Path> onPath(String tool) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty()).map(d -> Path.of(d, tool)).filter(Files::isExecutable).findFirst();
    }

    private static String bash() {
        return onPath("bash").orElseThrow(() -> new AssertionError("no bash on the PATH")).toString();
    }

    @Test
    void aBadCommandOrBadSettingsAreUsageErrors() throws Exception {
        String script = TwoHosts.findScript().toString();
        TwoHosts.Result r = TwoHosts.exec(List.of(bash(), script, "start"), Map.of());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("usage: netns.sh up|down|status");
        r = TwoHosts.exec(List.of(bash(), script, "up"), Map.of("LOGPLAB_NS_A", "same", "LOGPLAB_NS_B", "same"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("logplab: netns.sh: LOGPLAB_NS_A and LOGPLAB_NS_B are both 'same'");
        r = TwoHosts.exec(List.of(bash(), script, "up"), Map.of("LOGPLAB_VETH_A", "a-name-of-16-chr"));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("veth name 'a-name-of-16-chr' must have 1 to 15 characters");
    }

    @Test
    void withoutIpItSaysSoAndExits3(@TempDir Path emptyPath) throws Exception {
        TwoHosts.Result r = TwoHosts.exec(List.of(bash(), TwoHosts.findScript().toString(), "up"),
                Map.of("PATH", emptyPath.toString(), "LOGPLAB_NS_A", "logplab-noip-a", "LOGPLAB_NS_B",
                "logplab-noip-b"));
        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err().strip())
                .isEqualTo("logplab: netns.sh: needs the 'ip' command of iproute2 (apt-get install iproute2)");
    }

    @Test
    void withoutRootItSaysSoAndExits3() throws Exception {
        Optional<Path> setpriv = onPath("setpriv");
        Assumptions.assumeTrue(setpriv.isPresent() && onPath("ip").isPresent(),
                "needs setpriv (util-linux) and ip to run the script as another user");
        Assumptions.assumeTrue(TwoHosts.exec(List.of("id", "-u"), Map.of()).out().strip().equals("0"),
                "needs root to run the script as an unprivileged user");
        TwoHosts.Result r = TwoHosts.exec(List.of(setpriv.get().toString(), "--reuid=65534", "--regid=65534",
                "--clear-groups",
                bash(), TwoHosts.findScript().toString(), "up"), Map.of("LOGPLAB_NS_A", "logplab-noroot-a",
                "LOGPLAB_NS_B", "logplab-noroot-b"));
        Assumptions.assumeFalse(r.err().contains("Permission denied"), "the script is not readable by uid 65534: "
                + r.err());
        assertThat(r.code()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).contains("logplab: netns.sh: needs root to create network namespaces and veth links")
                .contains("running as uid 65534");
        assertThat(TwoHosts.exec(List.of("ip", "netns", "list"), Map.of()).out()).doesNotContain("logplab-noroot-");
    }
}
