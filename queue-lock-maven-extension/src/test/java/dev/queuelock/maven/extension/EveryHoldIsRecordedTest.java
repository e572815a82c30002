package dev.queuelock.maven.extension;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.build.slots.AutoSlots;
import dev.queuelock.build.slots.BuildUsage;
import dev.queuelock.build.slots.UsageHistory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session under a fixed number of slots (the default, 1) leaves its build in the usage history as
 * it ends, as one under {@code auto} does: a watch opened later draws it on its timeline, and
 * {@code auto}, once switched on, weighs it.
 */
class EveryHoldIsRecordedTest {

    @TempDir
    Path top;

    @Test
    void aBuildUnderTheDefaultSlotLeavesItsRecordOnceAsItEnds() throws Exception {
        BuildQueueSettings settings = BuildQueueSettings.from(new Properties(), Map.of());
        BuildQueue queue = new BuildQueue();
        queue.enter(top, settings, new Properties(), List.of("verify"));
        Thread.sleep(20); // a hold of no time is no build

        queue.leave();
        queue.leave();

        RepoKey repo = RepoKey.of(top);
        Path file = QueueLockFactory.defaults().buildQueue(settings.scope(), repo).usageHistory();
        List<BuildUsage> builds = new UsageHistory(file).read();
        assertThat(builds).hasSize(1);
        BuildUsage build = builds.get(0);
        assertThat(build.lane()).contains(repo.lane());
        assertThat(build.pid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(build.waitedMillis()).isNotNegative();
        assertThat(build.wallMillis()).isGreaterThanOrEqualTo(20);
        assertThat(build.endEpochMillis()).isLessThanOrEqualTo(System.currentTimeMillis());
    }

    /** Two builds under {@code queuelock.build.slots=2}, then {@code auto}: it decides from them, not as if none had run. */
    @Test
    void autoWeighsTheBuildsThatRanUnderFixedSlots() throws Exception {
        Properties user = new Properties();
        user.setProperty("queuelock.build.slots", "2");
        BuildQueueSettings settings = BuildQueueSettings.from(user, Map.of());
        for (int i = 0; i < 2; i++) {
            BuildQueue queue = new BuildQueue();
            queue.enter(top, settings, user, List.of("verify"));
            Thread.sleep(20); // a hold of no time is no build
            queue.leave();
        }

        Path file = QueueLockFactory.defaults().buildQueue(settings.scope(), RepoKey.of(top)).usageHistory();
        assertThat(new UsageHistory(file).recent()).as("both measured, as auto weighs builds").hasSize(2)
                .allSatisfy(build -> assertThat(build.kind()).contains("verify"));
        assertThat(new AutoSlots(new UsageHistory(file)).describe()).doesNotContain("no build of this repository measured yet")
                .contains("over 2 recent builds");
    }
}
