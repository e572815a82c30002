package dev.queuelock.land.watch;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What wakes the watch: the kernel's file events (inotify on Linux) on the queue directories and
 * the repository's state, as a waiter is woken, never a poll. A directory that does not exist yet
 * (an idle queue is removed) is waited for through its parent, for its creation only.
 */
final class DirectoryEvents implements AutoCloseable {

    /** Which of the watched parts changed since the last {@link #await}. */
    static final class Changes {
        boolean queues;
        boolean state;

        boolean any() {
            return queues || state;
        }
    }

    private final WatchService service;
    private final Map<WatchKey, Path> keys = new HashMap<>();
    private final Set<Path> queueDirs = new LinkedHashSet<>();
    private final Set<Path> stateDirs = new LinkedHashSet<>();

    DirectoryEvents(Path any) throws IOException {
        this.service = any.getFileSystem().newWatchService();
    }

    /** The directories to watch from now on; registering again is a no-op for the kernel. */
    void watch(List<Path> queues, List<Path> state) {
        queueDirs.addAll(queues);
        stateDirs.addAll(state);
        Set<Path> all = new LinkedHashSet<>(queueDirs);
        all.addAll(stateDirs);
        for (Path dir : all) {
            register(dir);
        }
    }

    private void register(Path dir) {
        try {
            if (Files.isDirectory(dir)) {
                keys.put(dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                        StandardWatchEventKinds.ENTRY_MODIFY), dir);
            } else if (dir.getParent() != null && Files.isDirectory(dir.getParent()) && !watched(dir.getParent())) {
                keys.put(dir.getParent().register(service, StandardWatchEventKinds.ENTRY_CREATE), dir.getParent());
            }
        } catch (IOException | RuntimeException e) {
            // gone between the check and the register: the next wake registers it again
        }
    }

    /** Whether the directory is watched for itself: for every kind of event, so its creations are seen already. */
    private boolean watched(Path dir) {
        return queueDirs.contains(dir) || stateDirs.contains(dir);
    }

    /**
     * Sleeps until a watched directory changes or {@code timeoutMillis} pass ({@code Long.MAX_VALUE}: no limit), then takes every
     * event already there, so a burst of changes is one wake.
     */
    Changes await(long timeoutMillis) throws InterruptedException {
        Changes changes = new Changes();
        WatchKey key;
        try {
            key = timeoutMillis == Long.MAX_VALUE ? service.take() : service.poll(Math.max(1, timeoutMillis), TimeUnit.MILLISECONDS);
            while (key != null) {
                classify(key, changes);
                key = service.poll();
            }
        } catch (ClosedWatchServiceException e) {
            throw new InterruptedException("the watch was closed");
        }
        if (changes.any()) {
            watch(List.of(), List.of()); // directories created since (an idle queue's comes back)
        }
        return changes;
    }

    private void classify(WatchKey key, Changes changes) {
        Path dir = keys.get(key);
        for (WatchEvent<?> event : key.pollEvents()) {
            Path path = dir == null || !(event.context() instanceof Path) ? null : dir.resolve((Path) event.context());
            if (path == null || event.kind() == StandardWatchEventKinds.OVERFLOW) {
                changes.queues = true;
                changes.state = true;
            } else if (matches(queueDirs, dir, path)) {
                changes.queues = true;
            } else if (matches(stateDirs, dir, path)) {
                changes.state = true;
            }
        }
        if (!key.reset()) { // the directory went (an idle queue is removed): look, and wait for it through its parent
            keys.remove(key);
            changes.queues = true;
            changes.state = true;
        }
    }

    /** Whether an event at {@code path} in {@code dir} is about one of {@code watched}: in it, or its own creation. */
    private static boolean matches(Set<Path> watched, Path dir, Path path) {
        return watched.contains(dir) || watched.contains(path);
    }

    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            // closed either way
        }
    }
}
