package dev.queuelock.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What TreeStop counts and stops: real processes, one of them already ended. */
class TreeStopTest {

    private Process running;

    @AfterEach
    void clean() {
        if (running != null) {
            running.destroyForcibly();
        }
    }

    @Test
    @Timeout(60)
    void countsOnlyTheProcessesThatStillRanWhenSignalled() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor(30, TimeUnit.SECONDS);
        running = new ProcessBuilder("sleep", "300").start();
        Set<ProcessHandle> tree = new LinkedHashSet<>(List.of(ended.toHandle(), running.toHandle()));

        int signalled = TreeStop.stop(() -> tree, Duration.ofSeconds(3));

        assertThat(signalled).as("the ended process is not counted").isEqualTo(1);
        assertThat(running.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    @Timeout(60)
    void aProcessThatIgnoresSigtermIsKilledAfterTheGrace() throws Exception {
        running = new ProcessBuilder("sh", "-c", "trap '' TERM; sleep 300").start(); // the sleep ignores SIGTERM too
        Awaitility.await().atMost(Timing.forChildToStart()).until(() -> running.toHandle().children().count() == 1);

        int signalled = TreeStop.stopTree(running.toHandle(), Duration.ofMillis(200));

        assertThat(running.waitFor(10, TimeUnit.SECONDS)).as("SIGKILLed after the grace").isTrue();
        assertThat(signalled).as("the shell and its sleep").isEqualTo(2);
    }
}
