package dev.queuelock.build.slots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.LockRecord;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.CliLaneTestSupport;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The CLI's {@code run} beside the build module (its usage history on the class path, found as a
 * service): a hold far past the queue's usual hold of its kind is warned of, and never broken.
 */
class CliStuckHolderTest extends CliLaneTestSupport {

    @Test
    @Timeout(90)
    void stuckHolderIsReportedButNeverForcedOut() throws Exception {
        // This queue's 'sleep 120' usually holds 50 ms: a hold of seconds is far past it.
        UsageHistory history = new UsageHistory(QueueLockFactory.defaults().withTmpDir(lane.queues()).queue("build", lane.dir()).usageHistory());
        for (int i = 0; i < 3; i++) {
            history.record(BuildUsage.described(System.currentTimeMillis() - 60_000 + i, Duration.ofMillis(50), 1.0, 1L << 30)
                    .ofKind("sleep 120"));
        }
        ChildProcess holder = lane.start("holder", "run", "--", "sleep", "120");
        lane.awaitQueue(s -> s.holders().stream().findFirst().isPresent());
        ChildProcess waiter = lane.start("waiter", "run", "--stuck-warn", "1s", "--", "true");

        await().atMost(Duration.ofSeconds(45)).until(() -> waiter.stderr().lines()
                .filter(l -> l.startsWith("[queue-lock] build queue, lane lane-a: warning: lane lane-a")).count() >= 2);
        assertThat(waiter.stderr()).contains("pid " + holder.pid()).contains("usual sleep 120 hold").doesNotContain("kill");
        assertThat(holder.isAlive()).isTrue();
        assertThat(lane.snapshot().holders().stream().findFirst().map(LockRecord::pid)).hasValue(holder.pid());
    }
}
