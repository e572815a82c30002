package dev.queuelock.maven.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.backends.JoiningLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.spi.Queue;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.apache.maven.MavenExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mvnd client goes just as its build takes the lock: the watch's interrupt comes after the
 * wait returned and is cleared, so only the watch knows. The build gives the slot back and stops
 * with the same one line as a build whose wait was interrupted, instead of running for nobody.
 */
class ClientGoneAtTheTakeTest {

    @TempDir
    Path tmp;

    @Test
    void aClientGoneAsTheLockIsTakenGivesTheSlotBackAndStopsTheBuild() {
        QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(tmp);
        JoiningLock lock = factory.openJoiningOwnHold(Queue.BUILD, "repo-key", "lane-a");
        // The watch of a wait on another thread: its interrupt misses this one, as one that comes too late does.
        MvndClientWatch watch = new MvndClientWatch(new Thread(() -> { }));
        watch.clientHasGone();

        assertThatThrownBy(() -> new BuildQueue().acquire(lock, BuildQueueSettings.from(new Properties(), Map.of()), "verify",
                "lane lane-a", watch))
                .isInstanceOf(MavenExecutionException.class)
                .hasMessage("Build queue: the mvnd client that started this build has gone; the build left the queue (it would"
                        + " have run for nobody).");
        assertThat(lock.isHeld()).isFalse();
        assertThat(factory.snapshot(Queue.BUILD, "repo-key").holders()).as("the slot is free").isEmpty();
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
