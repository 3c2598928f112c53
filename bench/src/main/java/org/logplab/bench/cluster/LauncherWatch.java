package org.logplab.bench.cluster;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Watches the process that launched this node: a node whose launcher has gone (killed, crashed)
 * has nobody to report to and would otherwise run its job to the end, for hours perhaps. The
 * launcher is polled every {@value #POLL_MILLIS} ms ({@link ProcessHandle#onExit()} polls a
 * process that is not a child at intervals growing to 5 s); a handle also tells a reused pid from
 * the launcher, by its start time.
 */
public final class LauncherWatch {
    static final long POLL_MILLIS = 100;

    private LauncherWatch() {
    }

    /**
     * Starts watching process {@code pid}. The future completes with the reason once it is gone
     * (at once if it is gone already); then, if this JVM still runs {@code grace} later,
     * {@code giveUp} runs (it should end the JVM).
     */
    public static CompletableFuture<String> watch(long pid, Duration grace, Runnable giveUp) {
        CompletableFuture<String> gone = new CompletableFuture<>();
        Optional<ProcessHandle> launcher = ProcessHandle.of(pid);
        Thread.ofPlatform().daemon(true).name("logplab-launcher-watch").start(() -> {
            try {
                if (launcher.isPresent()) {
                    while (launcher.get().isAlive()) {
                        Thread.sleep(POLL_MILLIS);
                    }
                }
                gone.complete("the launcher (pid " + pid + ") " + (launcher.isPresent() ? "exited" : "was not running")
                        + ": nobody is waiting for this node's result");
                Thread.sleep(grace.toMillis());
                giveUp.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return gone;
    }
}
