package dev.queuelock.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One measurement's private directory: {@code tmp/} is the TMPDIR of every process in it (so its
 * queue is its own), {@code work/} their working directory, plus logs and gate files.
 */
final class RunDir {

    private static final Pattern TICKET = Pattern.compile("\\d+-\\d+");

    private final Path dir;

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

    /** Both tools name the queue dir alike; each run has exactly one under its own TMPDIR. */
    List<Path> queueDirs() {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp(), "claude-code-merge-queue-*-queue-*")) {
            dirs.forEach(found::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    int tickets() {
        int count = 0;
        for (Path queue : queueDirs()) {
            try (DirectoryStream<Path> names = Files.newDirectoryStream(queue.resolve("tickets"))) {
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
