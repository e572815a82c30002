package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.CliLaneTestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A run's warm-up (a rehearsed take on a scratch queue, a launched shell) leaves nothing behind. */
class RunWarmUpTest extends CliLaneTestSupport {

    @Test
    @Timeout(90)
    void anUncontendedRunLeavesOnlyItsQueue() throws Exception {
        ChildProcess cli = lane.start("cli", "run", "--", "true");

        assertThat(cli.awaitExit(Duration.ofSeconds(45))).isZero();
        assertThat(entries(lane.queues())).isNotEmpty().allMatch(name -> name.startsWith("claude-code-merge-queue-build-queue-"));
    }

    /** A run that finds the queue busy rehearses its take before joining the line, and cleans up. */
    @Test
    @Timeout(90)
    void aRunThatWaitsLeavesOnlyItsQueue() throws Exception {
        ChildProcess holder = lane.start("holder", "run", "--", "sh", "-c", "while [ ! -e go ]; do sleep 0.05; done");
        lane.awaitQueue(s -> s.holders().stream().findFirst().map(LockRecord::pid).orElse(0L) == holder.pid());
        ChildProcess waiter = lane.start("waiter", "run", "--", "true");
        lane.awaitQueue(s -> s.waiters().stream().anyMatch(w -> w.pid() == waiter.pid()));

        Files.createFile(lane.dir().resolve("go"));

        assertThat(holder.awaitExit(Duration.ofSeconds(45))).isZero();
        assertThat(waiter.awaitExit(Duration.ofSeconds(45))).isZero();
        assertThat(entries(lane.queues())).isNotEmpty().allMatch(name -> name.startsWith("claude-code-merge-queue-build-queue-"));
    }

    private static List<String> entries(Path dir) throws Exception {
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).collect(Collectors.toList());
        }
    }
}
