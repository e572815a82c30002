package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The launcher warm-up runs once, in the background, and ends on its own. */
class LauncherWarmUpTest {

    @Test
    @Timeout(60)
    void startsOnceAndEnds() throws Exception {
        LauncherWarmUp warmUp = new LauncherWarmUp();
        assertThat(warmUp.awaitDone()).as("nothing started yet").isFalse();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long before = threads.getTotalStartedThreadCount();

        warmUp.startOnce();
        warmUp.startOnce();

        assertThat(warmUp.awaitDone()).isTrue();
        assertThat(threads.getTotalStartedThreadCount() - before).as("one warm-up thread (plus the JDK's reaper)")
                .isBetween(1L, 3L);
    }
}
