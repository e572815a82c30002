package dev.queuelock.build.slots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.WaitEvent;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.SlotCount;
import dev.queuelock.spi.WaitReporter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a waiter is told of a long hold, decided from the queue's own record: a warning only where
 * the hold is far past this queue's usual hold of the same kind of work; and why the queue has its
 * slots, once, with the first line of a wait.
 */
class WaitReporterTest {

    private static final long T0 = 1_780_000_000_000L;
    private static final long MINUTE = 60_000;

    @TempDir
    Path tmp;

    private final List<WaitEvent> events = new ArrayList<>();
    private final AcquireOptions options = AcquireOptions.defaults().withStuckWarnInterval(Duration.ofMinutes(5))
            .withListener(events::add);

    @Test
    void aSevenMinuteBuildWhereBuildsTakeSevenMinutesIsAnOrdinaryWait() throws Exception {
        Queue history = history("verify", 7, 7, 7);
        WaitReporter reporter = new WaitReporter(options, 1, null, history);
        LockRecord holder = new LockRecord(2843, "app-lane-3", "verify", T0, null);

        reporter.report(0, List.of(holder), false, T0 + MINUTE);
        reporter.report(0, List.of(holder), false, T0 + 7 * MINUTE);

        assertThat(events).hasSize(2).noneMatch(WaitEvent::isWarning);
        assertThat(events.get(1).usualHold()).contains(Duration.ofMinutes(7));
    }

    @Test
    void aHoldFarPastTheUsualHoldOfItsKindIsAWarning() throws Exception {
        Queue history = history("verify", 7, 7, 7);
        WaitReporter reporter = new WaitReporter(options, 1, null, history);
        LockRecord holder = new LockRecord(2843, "app-lane-3", "verify", T0, null);

        reporter.report(0, List.of(holder), false, T0 + 20 * MINUTE);
        reporter.report(0, List.of(holder), false, T0 + 22 * MINUTE);
        assertThat(events).as("within one interval the waiter is told once").hasSize(1);
        assertThat(events.get(0).isStuckHolderWarning()).as("20 min is under 3 x 7").isFalse();

        reporter.report(0, List.of(holder), false, T0 + 25 * MINUTE);
        assertThat(events).hasSize(2);
        assertThat(events.get(1).isStuckHolderWarning()).as("25 min is past 3 x 7").isTrue();
        assertThat(events.get(1).usualHold()).contains(Duration.ofMinutes(7));
    }

    @Test
    void aHoldIsJudgedOnlyByHoldsOfTheSameKindOfWork() throws Exception {
        Queue history = history("compile", 1, 1, 1);
        WaitReporter reporter = new WaitReporter(options, 1, null, history);
        LockRecord landCheck = new LockRecord(2843, "app-lane-3", "land checks of app-lane-3", T0, null);

        reporter.report(0, List.of(landCheck), false, T0 + 30 * MINUTE);

        assertThat(events).hasSize(1).noneMatch(WaitEvent::isWarning);
        assertThat(events.get(0).usualHold()).as("no land check recorded: nothing to be far past").isEmpty();
    }

    @Test
    void withoutAHistoryNoHoldIsCalledStuck() {
        WaitReporter reporter = new WaitReporter(options, 1);
        LockRecord holder = new LockRecord(2843, "app-lane-3", "verify", T0, null);

        reporter.report(0, List.of(holder), false, T0 + 60 * MINUTE);
        reporter.report(0, List.of(holder), false, T0 + 66 * MINUTE);

        assertThat(events).hasSize(2).noneMatch(WaitEvent::isWarning);
    }

    @Test
    void theFirstLineOfAWaitSaysWhyTheQueueHasItsSlotsAndNoLaterOneDoes() {
        WaitReporter reporter = new WaitReporter(options, 2, SlotCount.fixed(2), null);
        LockRecord holder = new LockRecord(2843, "app-lane-3", "verify", T0, null);
        LockRecord other = new LockRecord(2844, "app-lane-4", "verify", T0 + 1000, null);

        reporter.report(1, List.of(holder, other), false, T0 + 2000);
        reporter.report(0, List.of(holder, other), false, T0 + 3000);

        assertThat(events).hasSize(2);
        assertThat(events.get(0).slotsReason()).contains("2 (fixed)");
        assertThat(events.get(1).slotsReason()).isEmpty();
    }

    /** A queue whose usage history has builds of {@code kind} that took these minutes. */
    private Queue history(String kind, int... minutes) throws java.io.IOException {
        Queue queue = BuildPolicy.on(QueueLockFactory.defaults().withTmpDir(tmp)).queue(Queue.BUILD, "reporter-test");
        java.nio.file.Files.createDirectories(queue.usageHistory().getParent());
        UsageHistory history = new UsageHistory(queue.usageHistory());
        for (int i = 0; i < minutes.length; i++) {
            history.record(BuildUsage.described(T0 - (i + 1) * 60 * MINUTE, Duration.ofMinutes(minutes[i]), 1.0, 1L << 30).ofKind(kind));
        }
        return queue;
    }
}
