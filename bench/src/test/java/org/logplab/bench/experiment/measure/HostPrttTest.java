package org.logplab.bench.experiment.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The busy-host warning of {@code measure} and {@code pingpong}: a one-way time more than 50 us
 * beyond what was injected (an idle host hands a message over in well under 5 us).
 */
class HostPrttTest {

    @Test
    void aOneWayTimeFarBeyondTheInjectedDelaysWarnsOfABusyHost() {
        // 122 us for an 8-byte message with nothing injected: 122 us - 0 > 50 us
        assertThat(HostPrtt.busyHost("8-byte median one-way time", 122_000, 0)).hasValueSatisfying(w -> assertThat(w)
                .startsWith("warning: the host looked busy: the 8-byte median one-way time is 122,000 ns, where")
                .contains("under 50,000 ns", "compete for the cores").containsPattern("load average (unknown|\\d)"));
        // 0.5 us quiet: no warning
        assertThat(HostPrtt.busyHost("8-byte median one-way time", 500, 0)).isEmpty();
        // 70 us with L + 2o = 50 + 2 x 10 = 70 us injected: 0 beyond, no warning ...
        assertThat(HostPrtt.busyHost("one-way time", 70_000, 70_000)).isEmpty();
        // ... 130 us with the same injected: 60 us beyond, a warning that names what was injected
        assertThat(HostPrtt.busyHost("one-way time", 130_000, 70_000)).hasValueSatisfying(w -> assertThat(w)
                .contains("is 130,000 ns with 70,000 ns injected"));
    }
}
