package org.logplab.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.logplab.core.LogP;
import org.logplab.core.Message;
import org.logplab.core.RunConfig;
import org.logplab.core.RunFailedException;
import org.logplab.core.RunResult;

/**
 * A cluster node's real time is its run's, not its wait for the peers: the node prepares its run
 * and waits for the result at once, while its peers may take seconds to join; only the time after
 * {@link NodeRun#start()} counts.
 */
@Timeout(30)
class NodeRunRealTimeTest {

    @Test
    void realTimeCountsFromTheStartNotFromThePreparation() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        RemoteRanks everyRankHere = new RemoteRanks() {
            @Override
            public int firstLocal() {
                return 0;
            }

            @Override
            public int localCount() {
                return 2;
            }

            @Override
            public void send(int dst, Message m) {
                throw new AssertionError("no rank is remote");
            }

            @Override
            public void changed() {
                done.countDown();
            }

            @Override
            public void failed(RunFailedException failure) {
                throw new AssertionError("the run failed", failure);
            }
        };
        // Model clock: rank 0 sends rank 1 one word; both end at once after.
        NodeRun run = new NodeRun(RunConfig.builder(LogP.of(6, 2, 4, 2)).build(), p -> {
            if (p.rank() == 0) {
                p.send(1, 0, 7L);
            } else {
                p.recv(0);
            }
        }, everyRankHere);
        CompletableFuture<RunResult> result = CompletableFuture.supplyAsync(run::await);
        long waited = 500;
        Thread.sleep(waited); // the peers taking their time to join
        long started = System.nanoTime();
        run.start();
        assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();
        NodeSnapshot s;
        while ((s = run.snapshot()) == null || !s.allDone()) {
            Thread.sleep(1);
        }
        long[] finish = new long[2];
        long[] sent = new long[2];
        long[] received = new long[2];
        for (NodeSnapshot.Rank k : s.ranks()) {
            finish[k.rank()] = k.finish();
            sent[k.rank()] = k.sent();
            received[k.rank()] = k.received();
        }
        run.end(finish, sent, received, List.of());
        RunResult r = result.get(20, TimeUnit.SECONDS);
        long sinceStart = System.nanoTime() - started;
        // The whole span from start() to the result is an upper bound measured here; it would
        // be exceeded by the half second of waiting if that counted (or by the host's uptime).
        assertThat(r.realNanos()).isPositive().isLessThanOrEqualTo(sinceStart);
        // Model times: rank 0 sends at 0 and is done at o = 2; rank 1 receives at o + L + o = 10.
        assertThat(r.finishTimes()).containsExactly(2, 10);
    }
}
