package dev.queuelock.land.watch;

import java.util.EnumSet;
import java.util.Set;

/**
 * Where the watch sleeps: woken by the queues' backends ({@link WatchSources#buildChanges},
 * {@link WatchSources#landChanges}) and the repository state's file events, each on its own
 * thread, it returns which parts of the view to read again.
 */
final class Wakes {

    /** The parts of the view a change feeds. */
    enum Part { BUILD, LAND, STATE }

    private final Set<Part> changed = EnumSet.noneOf(Part.class);

    /** {@code part} may have changed: called on the thread that saw it. */
    synchronized void mark(Part part) {
        changed.add(part);
        notifyAll();
    }

    /** Sleeps until a part changes or {@code timeoutMillis} pass ({@code Long.MAX_VALUE}: no limit); the parts changed since the last call. */
    synchronized Set<Part> await(long timeoutMillis) throws InterruptedException {
        long deadline = timeoutMillis == Long.MAX_VALUE ? Long.MAX_VALUE : System.currentTimeMillis() + Math.max(1, timeoutMillis);
        while (changed.isEmpty()) {
            long left = deadline == Long.MAX_VALUE ? 0 : deadline - System.currentTimeMillis();
            if (deadline != Long.MAX_VALUE && left <= 0) {
                break;
            }
            wait(left);
        }
        Set<Part> parts = EnumSet.noneOf(Part.class);
        parts.addAll(changed);
        changed.clear();
        return parts;
    }
}
