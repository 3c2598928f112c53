package org.logplab.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.logplab.core.cluster.InMemoryCluster;
import org.logplab.core.cluster.Partition;
import org.logplab.core.wire.WireCodec;

/** The API examples of the README and docs/library.md do what they say. */
class ReadmeExampleTest {

    @Test
    void flatBroadcastFromTheReadmeFinishesTheLastChildAt34(@TempDir Path dir) throws Exception {
        LogP params = LogP.of(6, 2, 4, 8);
        RunResult r = RunConfig.builder(params)
                .clock(ClockKind.MODEL).trace(true)
                .run(p -> {
                    if (p.rank() == 0) {
                        for (int d = 1; d < p.size(); d++) {
                            p.send(d, 0, 42L);
                        }
                    } else {
                        assertThat(p.recv(0).asLong()).isEqualTo(42L);
                    }
                });
        // child 7 is the 7th send: starts at 6 * max(g, o) = 24, received at 24 + L + 2o = 34
        assertThat(r.finishTime(7)).isEqualTo(34);
        // no receiver waits, so every message takes exactly L + 2o = 10 from send start to receive end
        assertThat(r.latency().getMinValue()).isEqualTo(10);
        assertThat(r.latency().getValueAtPercentile(99)).isEqualTo(10);
        Path json = dir.resolve("t.json");
        r.trace().orElseThrow().writeChromeJson(json);
        assertThat(Files.readString(json)).contains("\"traceEvents\"");
    }

    @Test
    void theMachineThatStaysUpFromTheReadmeRunsAThousandProgramsOnTwoThreads() {
        RunConfig config = RunConfig.builder(LogP.of(0, 0, 0, 2)).clock(ClockKind.WALL)
                .latency(LatencySampling.SAMPLED).build();
        java.util.Set<Thread> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        long[] sum = {0};
        try (Machine machine = Machine.open(config)) {
            for (int k = 0; k < 1_000; k++) {
                long value = k;
                RunResult run = machine.run(p -> {
                    threads.add(Thread.currentThread());
                    if (p.rank() == 0) {
                        p.sendLong(1, 7, value);
                    } else {
                        sum[0] += p.recvLong(0, 7);
                    }
                });
                // one message a run, each the first of its sender: sampled
                assertThat(run.latency().getTotalCount()).isEqualTo(1);
            }
        }
        assertThat(sum[0]).isEqualTo(999L * 1000 / 2);
        assertThat(threads).hasSize(2).noneMatch(Thread::isAlive);
    }

    @Test
    void theSameBroadcastSplitOverThreeInMemoryNodesFinishesAt34Too() throws Exception {
        RunConfig config = RunConfig.builder(LogP.of(6, 2, 4, 8)).build();
        Program program = p -> {
            if (p.rank() == 0) {
                for (int d = 1; d < p.size(); d++) {
                    p.send(d, 0, 42L);
                }
            } else {
                assertThat(p.recv(0).asLong()).isEqualTo(42L);
            }
        };
        List<InMemoryCluster.Outcome> all = new InMemoryCluster(Partition.blocks(8, 3), config, new WireCodec(),
                Duration.ofSeconds(5)).run(program);
        for (InMemoryCluster.Outcome o : all) {
            assertThat(o.failure()).isNull();
            assertThat(o.result().finishTime(7)).isEqualTo(34);
        }
    }
}
