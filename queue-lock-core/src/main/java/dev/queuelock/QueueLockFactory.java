package dev.queuelock;

import dev.queuelock.file.FileQueueLock;
import dev.queuelock.file.QueueDirectory;
import dev.queuelock.repo.RepoKey;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/** Opens queue locks by queue name and a directory inside the repository. */
public final class QueueLockFactory {

    /** Fallback poll interval of a waiter, as the npm tool's: 200 ms. File events usually wake it sooner. */
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(200);

    private final Path tmpDir;
    private final Duration pollInterval;

    private QueueLockFactory(Path tmpDir, Duration pollInterval) {
        this.tmpDir = Objects.requireNonNull(tmpDir, "tmpDir");
        if (pollInterval.isZero() || pollInterval.isNegative()) {
            throw new IllegalArgumentException("poll interval must be positive: " + pollInterval);
        }
        this.pollInterval = pollInterval;
    }

    /** Queues under $TMPDIR (else /tmp), where the npm tool keeps them; 200 ms fallback poll. */
    public static QueueLockFactory defaults() {
        return new QueueLockFactory(QueueDirectory.defaultTmpDir(), DEFAULT_POLL_INTERVAL);
    }

    public QueueLockFactory withTmpDir(Path dir) {
        return new QueueLockFactory(dir, pollInterval);
    }

    public QueueLockFactory withPollInterval(Duration interval) {
        return new QueueLockFactory(tmpDir, interval);
    }

    /** The lock of queue {@code queue} for the repository containing {@code dir}; lane = its worktree's name. */
    public QueueLock open(String queue, Path dir) {
        RepoKey repo = RepoKey.of(dir);
        return open(queue, repo.key(), repo.lane());
    }

    /** The lock of queue {@code queue} under an explicit key (e.g. one key for the whole machine). */
    public QueueLock open(String queue, String repoKey, String lane) {
        return new FileQueueLock(location(queue, repoKey), lane, pollInterval);
    }

    /** Who holds and who waits in queue {@code queue} of the repository containing {@code dir}. */
    public QueueSnapshot snapshot(String queue, Path dir) {
        return snapshot(queue, RepoKey.of(dir).key());
    }

    public QueueSnapshot snapshot(String queue, String repoKey) {
        return FileQueueLock.snapshot(location(queue, repoKey));
    }

    private QueueDirectory location(String queue, String repoKey) {
        return QueueDirectory.of(tmpDir, queue, repoKey);
    }
}
