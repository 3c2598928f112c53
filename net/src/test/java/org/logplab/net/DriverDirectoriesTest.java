package org.logplab.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Driver directories: made where asked, removed once however many remove them at the same time. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DriverDirectoriesTest {

    /** A tree like a media driver's: a few folders of files. */
    private static void fill(Path dir) throws Exception {
        for (int d = 0; d < 4; d++) {
            Path sub = Files.createDirectories(dir.resolve("driver").resolve("publications-" + d));
            for (int f = 0; f < 25; f++) {
                Files.write(sub.resolve(f + ".logbuffer"), new byte[64]);
            }
        }
        Files.write(dir.resolve("driver").resolve("cnc.dat"), new byte[128]);
    }

    @Test
    void theRemovalAtExitTakesATreeThatADriverStillStartingMakesAgain(@TempDir Path parent) throws Exception {
        Path dir = DriverDirectories.create(parent, "logplab-node0-");
        fill(dir);
        // a driver's thread still starting: once the tree is gone it makes part of it again
        Thread starting = new Thread(() -> {
            try {
                while (Files.exists(dir)) {
                    Thread.onSpinWait();
                }
                Files.createDirectories(dir.resolve("driver").resolve("images"));
                Files.write(dir.resolve("driver").resolve("loss-report.dat"), new byte[64]);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        starting.start();
        DriverDirectories.removeAtExit(List.of(dir));
        starting.join();
        assertThat(dir).doesNotExist();
    }

    @Test
    void aDirectoryIsMadeInItsParentAndRemovedWholeAnyNumberOfTimes(@TempDir Path parent) throws Exception {
        Path dir = DriverDirectories.create(parent, "logplab-node0-");
        assertThat(dir.getParent()).isEqualTo(parent);
        assertThat(dir.getFileName().toString()).startsWith("logplab-node0-");
        assertThat(DriverDirectories.live()).contains(dir);
        fill(dir);
        DriverDirectories.delete(dir);
        assertThat(dir).doesNotExist();
        assertThat(DriverDirectories.live()).doesNotContain(dir);
        DriverDirectories.delete(dir); // an owner's close after the exit hook's removal, say
        assertThat(parent).isEmptyDirectory();
    }

    @RepeatedTest(5)
    void removalsRacingEachOtherRemoveTheTreeWithoutAnError(@TempDir Path parent) throws Exception {
        Path dir = DriverDirectories.create(parent, "logplab-node1-");
        fill(dir);
        var err = new java.io.ByteArrayOutputStream();
        var saved = System.err;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        System.setErr(new java.io.PrintStream(err, true));
        try {
            for (int i = 0; i < 4; i++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    DriverDirectories.delete(dir);
                }));
            }
            go.countDown();
            for (Thread t : threads) {
                t.join();
            }
        } finally {
            System.setErr(saved);
        }
        assertThat(dir).doesNotExist();
        assertThat(err.toString()).as("complaints").isEmpty();
    }
}
