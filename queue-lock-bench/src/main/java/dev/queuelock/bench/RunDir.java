package dev.queuelock.bench;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.file.QueueDirectory;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One measurement's private directory: {@code tmp/} is the TMPDIR of every process in it (so its
 * queue is its own), {@code work/} their working directory, plus logs and gate files.
 */
final class RunDir {

    private static final Pattern TICKET = Pattern.compile("\\d+-\\d+");

    private final Path dir;
    /** The queues its processes use, once asked. */
    private List<Queue> queues;

    private RunDir(Path dir) {
        this.dir = dir;
    }

    static RunDir create(Path parent, String name) {
        Path dir = parent.resolve(name);
        try {
            if (Files.exists(dir)) {
                Files.walk(dir).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
            Files.createDirectories(dir.resolve("tmp"));
            Files.createDirectories(dir.resolve("work"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new RunDir(dir);
    }

    Path path() {
        return dir;
    }

    Path resolve(String name) {
        return dir.resolve(name);
    }

    Path tmp() {
        return dir.resolve("tmp");
    }

    Path work() {
        return dir.resolve("work");
    }

    /**
     * The build queues a run's processes use, as the factory places them (the npm tool places them
     * alike): its workers', keyed by this directory ({@link Launcher#worker}), and its CLIs' and the
     * peer's, of their working directory.
     */
    List<Queue> queues() {
        if (queues == null) {
            QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(tmp());
            queues = List.of(factory.queue(Queue.BUILD, dir.toString()), factory.queue(Queue.BUILD, work()));
        }
        return queues;
    }

    /** The tickets in the run's queues: its waiters, enrolled. */
    int tickets() {
        int count = 0;
        for (Queue queue : queues()) {
            try (DirectoryStream<Path> names = Files.newDirectoryStream(QueueDirectory.of(queue).ticketsDir())) {
                for (Path name : names) {
                    if (TICKET.matcher(name.getFileName().toString()).matches()) {
                        count++;
                    }
                }
            } catch (IOException e) {
                // not created yet, or a ticket vanished while listing: count again next time
            }
        }
        return count;
    }

    /** Where a run's directories go: one per measurement, recreated empty. */
    static final class Parent {
        private final Path dir;

        Parent(Path dir) {
            this.dir = dir;
        }

        RunDir create(String name) {
            return RunDir.create(dir, name);
        }

        Path path() {
            return dir;
        }
    }
}
