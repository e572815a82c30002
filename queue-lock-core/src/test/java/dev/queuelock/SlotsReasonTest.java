package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.testsupport.BackgroundAcquire;
import dev.queuelock.testsupport.LockWorkers;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A build that waits is told once, with its first line, why the queue has the slots it has; one that takes a slot at once is told nothing. */
class SlotsReasonTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(120)
    void aWaiterIsToldWhyOnceAndATakerAtOnceIsNot() throws Exception {
        QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(tmp).withSettings(Map.of("queuelock.build.slots", "2"));
        try (QueueLock first = factory.open("build", "repo", "lane-a"); QueueLock second = factory.open("build", "repo", "lane-b")) {
            List<WaitEvent> told = new CopyOnWriteArrayList<>();
            first.acquire(AcquireOptions.defaults().withLabel("verify").withListener(told::add));
            second.acquire(AcquireOptions.defaults().withLabel("verify").withListener(told::add));
            assertThat(told).as("both took a slot at once").isEmpty();

            try (BackgroundAcquire third = new BackgroundAcquire(factory.open("build", "repo", "lane-c"),
                    AcquireOptions.defaults().withLabel("verify"))) {
                await().atMost(LockWorkers.PATIENCE).until(() -> !third.events().isEmpty());
                assertThat(third.events().get(0).slotsReason()).contains("2 (fixed)");
                first.release();
                assertThat(third.finishedWithin(LockWorkers.PATIENCE)).isTrue();
                assertThat(third.events().stream().filter(e -> e.slotsReason().isPresent()).collect(Collectors.toList()))
                        .as("said once").hasSize(1);
            }
        }
    }
}
