package dev.queuelock.file;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What wakes a reader that shows what is on disk (the watch): the kernel's file events (inotify on
 * Linux) on a queue's directory ({@link #watchQueue}, for {@link FileBackend#changes}) or on the
 * repository's state, as a waiter is woken, never a poll. A directory that does not exist yet
 * (an idle queue is removed) is waited for through its parent, for its creation only.
 *
 * <p>A hand-off is a burst of events (the lock deleted, the next holder's temp file, its link, its
 * ticket withdrawn): the watch reads once the burst has settled, not at its first event, so it
 * does not compete for a core with the waiter taking the lock. Names that cannot change the view
 * (a lock's {@code .tmp} and {@code .reclaim} files: every name a queue shows has no dot) wake
 * nothing.
 */
public final class DirectoryEvents implements AutoCloseable {

    /** How long the watched directories must be quiet before a burst of events is read. */
    static final long SETTLE_MILLIS = 8;
    /** How long a burst is waited out at most: a queue that never settles is still shown this often. */
    static final long SETTLE_AT_MOST_MILLIS = 40;

    private final WatchService service;
    private final Map<WatchKey, Path> keys = new HashMap<>();
    /** The directories registered for every kind of event (not only through their parent). */
    private final Set<Path> registered = new HashSet<>();
    /** The directories watched; those mapped to true are a queue's, where a name with a dot changes nothing. */
    private final Map<Path, Boolean> watched = new HashMap<>();
    /** Roots watched with every directory under them, as it comes and goes ({@link #watchTree}). */
    private final Set<Path> trees = new HashSet<>();
    private boolean missing;

    /** @param any a path on the file system to watch */
    public DirectoryEvents(Path any) throws IOException {
        this.service = any.getFileSystem().newWatchService();
    }

    /** Watches these directories from now on. */
    public void watch(List<Path> dirs) {
        for (Path dir : dirs) {
            watched.put(dir, false);
        }
        registerMissing();
    }

    /** Watches a queue's directory and its {@code tickets/} from now on. */
    public void watchQueue(QueueDirectory queue) {
        watched.put(queue.path(), true);
        watched.put(queue.ticketsDir(), true);
        registerMissing();
    }

    /**
     * {@code root} and every directory under it, now and later, are watched: the kernel
     * reports a change in a directory, not below it, and a branch named {@code agent/foo} is the
     * file {@code refs/heads/agent/foo}.
     */
    public void watchTree(Path root) {
        trees.add(root);
        addTree(root);
        registerMissing();
    }

    /** {@code dir} and the directories under it, to be registered. */
    private void addTree(Path dir) {
        watched.put(dir, false);
        DirectoryStream.Filter<Path> directories = d -> Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS);
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir, directories)) {
            for (Path child : children) {
                addTree(child);
            }
        } catch (IOException | RuntimeException e) {
            // not there (yet), or gone meanwhile: waited for, or dropped when its watch ends
        }
    }

    /** Whether {@code dir} is below the root of a {@link #watchTree} (not a root itself). */
    private boolean belowTree(Path dir) {
        for (Path root : trees) {
            if (!dir.equals(root) && dir.startsWith(root)) {
                return true;
            }
        }
        return false;
    }

    /** Registers the directories not yet watched for themselves: at the start, and when one was created or went. */
    private void registerMissing() {
        missing = false;
        for (Path dir : watched.keySet()) {
            if (!registered.contains(dir) && !register(dir)) {
                missing = true;
            }
        }
    }

    /** Whether {@code dir} is now watched for itself; if it is not there, its parent is watched for its creation. */
    private boolean register(Path dir) {
        try {
            if (Files.isDirectory(dir)) {
                keys.put(dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                        StandardWatchEventKinds.ENTRY_MODIFY), dir);
                registered.add(dir);
                return true;
            }
            Path parent = dir.getParent();
            if (parent != null && Files.isDirectory(parent) && !registered.contains(parent)) {
                keys.put(parent.register(service, StandardWatchEventKinds.ENTRY_CREATE), parent);
            }
        } catch (IOException | RuntimeException e) {
            // gone between the check and the register: the next wake registers it again
        }
        return false;
    }

    /**
     * Sleeps until a watched directory changes in a way the view shows, or {@code timeoutMillis}
     * pass ({@code Long.MAX_VALUE}: no limit); then waits for the burst to settle
     * ({@link #SETTLE_MILLIS}, at most {@link #SETTLE_AT_MOST_MILLIS}).
     *
     * @return whether something changed
     */
    public boolean await(long timeoutMillis) throws InterruptedException {
        boolean changed = false;
        long deadline = timeoutMillis == Long.MAX_VALUE ? Long.MAX_VALUE : System.currentTimeMillis() + Math.max(1, timeoutMillis);
        try {
            while (!changed) {
                long left = deadline - System.currentTimeMillis();
                if (left <= 0) {
                    return false;
                }
                WatchKey key = deadline == Long.MAX_VALUE ? service.take() : service.poll(left, TimeUnit.MILLISECONDS);
                if (key == null) {
                    return false;
                }
                changed |= classify(key);
            }
            long settled = System.currentTimeMillis() + SETTLE_AT_MOST_MILLIS;
            for (WatchKey key = service.poll(SETTLE_MILLIS, TimeUnit.MILLISECONDS); key != null; ) {
                changed |= classify(key);
                long left = settled - System.currentTimeMillis();
                key = left > 0 ? service.poll(Math.min(SETTLE_MILLIS, left), TimeUnit.MILLISECONDS) : null;
            }
        } catch (ClosedWatchServiceException e) {
            throw new InterruptedException("the watch was closed");
        }
        if (missing) {
            registerMissing(); // an idle queue's directory comes back
        }
        return true;
    }

    /** Reads the events of {@code key}; true if one of them changes what is shown. */
    private boolean classify(WatchKey key) {
        boolean changed = false;
        Path dir = keys.get(key);
        for (WatchEvent<?> event : key.pollEvents()) {
            Path name = event.context() instanceof Path ? (Path) event.context() : null;
            if (dir == null || name == null || event.kind() == StandardWatchEventKinds.OVERFLOW) {
                changed = true;
            } else if (registered.contains(dir)) {
                if (Boolean.TRUE.equals(watched.get(dir)) && name.toString().indexOf('.') >= 0) {
                    continue; // a lock being linked into place or reclaimed: its link or removal says what changed
                }
                changed = true;
                Path child = dir.resolve(name);
                if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && (trees.contains(dir) || belowTree(dir))
                        && Files.isDirectory(child)) {
                    addTree(child); // a new directory of branches (refs/heads/agent): watched with what it holds
                }
                if (watched.containsKey(child) && !registered.contains(child)) {
                    missing = true; // a watched directory created (its queue's tickets/)
                }
            } else if (watched.containsKey(dir.resolve(name))) { // created where it was waited for through its parent
                changed = true;
                missing = true;
            }
        }
        if (!key.reset()) { // the directory went (an idle queue is removed): look, and wait for it through its parent
            keys.remove(key);
            if (registered.remove(dir)) {
                changed = true;
            }
            if (dir != null && belowTree(dir)) {
                watched.remove(dir); // a directory of branches removed: found again if it is created again
            }
            missing = true;
        }
        return changed;
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
