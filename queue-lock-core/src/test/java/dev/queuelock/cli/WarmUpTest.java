package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The warm-up runs once, in the background, and ends on its own. */
class WarmUpTest {

    @Test
    @Timeout(60)
    void startsOnceWarmsTheTakeAndEnds() throws Exception {
        AtomicInteger takes = new AtomicInteger();
        WarmUp warmUp = new WarmUp(takes::incrementAndGet, new ProcessBuilder("true"), () -> false);
        assertThat(warmUp.awaitDone(Duration.ofSeconds(30))).as("nothing started yet").isFalse();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long before = threads.getTotalStartedThreadCount();

        warmUp.startOnce();
        warmUp.startOnce();

        assertThat(warmUp.awaitDone(Duration.ofSeconds(30))).isTrue();
        assertThat(takes).hasValue(1);
        assertThat(threads.getTotalStartedThreadCount() - before).as("one warm-up thread (plus the JDK's reaper)")
                .isBetween(1L, 3L);
    }
}
