package dev.queuelock.testsupport;

import dev.queuelock.QueueLock;
import dev.queuelock.QueueReader;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.file.QueueDirectory;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The build queue of a new directory {@code repo} under a test's own TMPDIR, for tests that plant
 * lock and ticket files in it by hand and then watch the real lock deal with them.
 */
public final class PlantedQueue {

    private final Path repo;
    private final QueueLockFactory factory;
    private final QueueDirectory directory;

    private PlantedQueue(Path repo, QueueLockFactory factory, QueueDirectory directory) {
        this.repo = repo;
        this.factory = factory;
        this.directory = directory;
    }

    /** Polls every 100 ms so a planted record that goes stale is noticed quickly. */
    public static PlantedQueue in(Path tmp) {
        try {
            Path repo = Files.createDirectory(tmp.resolve("repo"));
            return new PlantedQueue(repo, QueueLockFactory.defaults().withTmpDir(tmp).withPollInterval(Duration.ofMillis(100)),
                    QueueDirectory.of(Queue.in(tmp, "build", RepoKey.of(repo).key())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path repo() {
        return repo;
    }

    /** Where to plant files: the queue directory, its lock file and tickets. Not created yet. */
    public QueueDirectory directory() {
        return directory;
    }

    public QueueLock open() {
        return factory.open("build", repo);
    }

    public QueueSnapshot snapshot() {
        return factory.snapshot("build", repo);
    }

    /** Writes at {@code file} the record of {@code pid} (with its start as it runs now), enrolled at {@code ts} for {@code lane}. */
    public static void plant(Path file, long pid, long ts, String lane) {
        try {
            Files.write(file, record(pid, ts, lane));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JSON of {@link #plant}. */
    public static byte[] record(long pid, long ts, String lane) {
        String start = ProcessStart.of(pid).orElseThrow();
        return ("{\"pid\":" + pid + ",\"lane\":\"" + lane + "\",\"label\":\"mvn verify\",\"ts\":" + ts
                + ",\"start\":\"" + start + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    /** A watch's reader of the queue: keeps what it read between looks. */
    public QueueReader reader() {
        return factory.reader(factory.queue("build", repo));
    }
}
