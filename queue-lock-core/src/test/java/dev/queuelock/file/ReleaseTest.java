package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.testsupport.PlantedQueue;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A release removes the lock file it published, and nothing that took its name since. */
class ReleaseTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(60)
    void removesItsOwnLock() throws Exception {
        PlantedQueue queue = PlantedQueue.in(tmp);
        Path lock = queue.directory().lockFile();
        try (QueueLock held = queue.open()) {
            held.acquire(AcquireOptions.defaults().withLabel("mine"));
            assertThat(lock).exists();
            held.release();
            assertThat(lock).doesNotExist();
        }
    }

    @Test
    @Timeout(60)
    void leavesALockThatReplacedItsOwn() throws Exception {
        PlantedQueue queue = PlantedQueue.in(tmp);
        Path lock = queue.directory().lockFile();
        try (QueueLock held = queue.open()) {
            held.acquire(AcquireOptions.defaults().withLabel("mine"));
            String ours = Files.readString(lock);
            Files.delete(lock); // e.g. a reclaimer that judged wrongly, then another process took the lock
            Files.writeString(lock, ours); // the very same bytes, in another file

            held.release();

            assertThat(lock).as("not the file this holder published").exists();
        }
    }
}
