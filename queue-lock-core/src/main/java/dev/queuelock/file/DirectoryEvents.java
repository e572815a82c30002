package dev.queuelock.file;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What wakes a reader that shows what is on disk (the watch): the kernel's file events ({@link
 * FileWatch}, inotify on Linux) on a queue's directory ({@link #watchQueue}, for {@link FileBackend#changes}) or on the
 * repository's state, as a waiter is woken, never a poll. A directory that does not exist yet
 * (an idle queue is removed) is waited for through its parent, for its creation only.
 *
 * <p>A hand-off is a burst of events (the lock deleted, the next holder's temp file, its link, its
 * ticket withdrawn): the watch reads once the burst has settled, not at its first event, so it
 * does not compete for a core with the waiter taking the lock. Names that cannot change the view
 * (a lock's {@code .tmp} and {@code .reclaim} files: every name a queue shows has no dot) wake
 * nothing.
 */
public final class DirectoryEvents implements FileWatch.Listener, AutoCloseable {

    /** How long the watched directories must be quiet before a burst of events is read. */
    static final long SETTLE_MILLIS = 8;
    /** How long a burst is waited out at most: a queue that never settles is still shown this often. */
    static final long SETTLE_AT_MOST_MILLIS = 40;

    private final FileWatch watch;
    /** The directories registered for every kind of event (not only through their parent). */
    private final Set<Path> registered = new HashSet<>();
    /** The directories watched; those mapped to true are a queue's, where a name with a dot changes nothing. */
    private final Map<Path, Boolean> watched = new HashMap<>();
    /** Roots watched with every directory under them, as it comes and goes ({@link #watchTree}). */
    private final Set<Path> trees = new HashSet<>();
    private boolean missing;
    /** Whether something the view shows changed since the last {@link #await}, and when it last did. */
    private boolean changed;
    private long changedAtNanos;
    private boolean closed;

    /**
     * @param any a path on the file system to watch
     * @throws IOException if it has no file events to give (then the reader polls)
     */
    public DirectoryEvents(Path any) throws IOException {
        this.watch = new FileWatch(any, "queue-lock file events of a view", this);
        if (!watch.open()) {
            throw new IOException("no file events on " + any.getFileSystem());
        }
    }

    /** Watches these directories from now on. */
    public synchronized void watch(List<Path> dirs) {
        for (Path dir : dirs) {
            watched.put(dir, false);
        }
        registerMissing();
    }

    /** Watches a queue's directory and its {@code tickets/} from now on. */
    public synchronized void watchQueue(QueueDirectory queue) {
        watched.put(queue.path(), true);
        watched.put(queue.ticketsDir(), true);
        registerMissing();
    }

    /**
     * {@code root} and every directory under it, now and later, are watched: the kernel
     * reports a change in a directory, not below it, and a branch named {@code agent/foo} is the
     * file {@code refs/heads/agent/foo}.
     */
    public synchronized void watchTree(Path root) {
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
        for (boolean more = true; more; ) {
            more = false;
            for (Path dir : new ArrayList<>(watched.keySet())) {
                if (registered.contains(dir)) {
                    continue;
                } else if (!register(dir)) {
                    missing = true;
                } else if (trees.contains(dir) || belowTree(dir)) {
                    int known = watched.size();
                    addTree(dir); // what it holds now, made before its watch began (events tell what comes after)
                    more |= watched.size() > known;
                }
            }
        }
    }

    /** Whether {@code dir} is now watched for itself; if it is not there, its parent is watched for its creation. */
    private boolean register(Path dir) {
        try {
            if (Files.isDirectory(dir)) {
                watch.dir(dir, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                        StandardWatchEventKinds.ENTRY_MODIFY).start();
                registered.add(dir);
                return true;
            }
            Path parent = dir.getParent();
            if (parent != null && Files.isDirectory(parent) && !registered.contains(parent)) {
                watch.dir(parent, StandardWatchEventKinds.ENTRY_CREATE).start();
            }
        } catch (IOException | RuntimeException e) {
            // gone between the check and the register: the next wake registers it again
        }
        return false;
    }

    /**
     * Sleeps until a watched directory changes in a way the view shows, or {@code timeoutMillis}
     * pass ({@code Long.MAX_VALUE}: no limit); then waits for the burst to settle (no change for
     * {@link #SETTLE_MILLIS}, at most {@link #SETTLE_AT_MOST_MILLIS}).
     *
     * @return whether something changed
     */
    public synchronized boolean await(long timeoutMillis) throws InterruptedException {
        long deadline = timeoutMillis == Long.MAX_VALUE ? Long.MAX_VALUE : System.currentTimeMillis() + Math.max(1, timeoutMillis);
        while (!changed) {
            long left = deadline == Long.MAX_VALUE ? 0 : deadline - System.currentTimeMillis();
            if (closed) {
                throw new InterruptedException("the watch was closed");
            } else if (deadline != Long.MAX_VALUE && left <= 0) {
                return false;
            }
            wait(left);
        }
        long settled = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_AT_MOST_MILLIS);
        for (long left = 1; left > 0; ) {
            long now = System.nanoTime();
            left = Math.min(changedAtNanos + TimeUnit.MILLISECONDS.toNanos(SETTLE_MILLIS), settled) - now;
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }
        changed = false;
        if (missing) {
            registerMissing(); // an idle queue's directory comes back
        }
        return true;
    }

    /** On the watch's thread: an event that changes what is shown wakes {@link #await}. */
    @Override
    public synchronized void changed(Path dir, WatchEvent.Kind<?> kind, String name) {
        if (registered.contains(dir)) {
            if (Boolean.TRUE.equals(watched.get(dir)) && name.indexOf('.') >= 0) {
                return; // a lock being linked into place or reclaimed: its link or removal says what changed
            }
            Path child = dir.resolve(name);
            if (kind == StandardWatchEventKinds.ENTRY_CREATE && (trees.contains(dir) || belowTree(dir)) && Files.isDirectory(child)) {
                addTree(child); // a new directory of branches (refs/heads/agent): watched with what it holds
            }
            if (watched.containsKey(child) && !registered.contains(child)) {
                missing = true; // a watched directory created (its queue's tickets/)
            }
            changed();
        } else if (watched.containsKey(dir.resolve(name))) { // created where it was waited for through its parent
            missing = true;
            changed();
        }
    }

    @Override
    public synchronized void overflowed() {
        changed();
    }

    /** The directory went (an idle queue is removed): look, and wait for it through its parent. */
    @Override
    public synchronized void ended(Path dir) {
        if (registered.remove(dir)) {
            changed();
        }
        if (belowTree(dir)) {
            watched.remove(dir); // a directory of branches removed: found again if it is created again
        }
        missing = true;
    }

    private void changed() {
        changed = true;
        changedAtNanos = System.nanoTime();
        notifyAll();
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        watch.close(); // its thread ends
    }
}
