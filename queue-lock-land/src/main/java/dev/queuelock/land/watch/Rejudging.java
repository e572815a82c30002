package dev.queuelock.land.watch;

import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.InFlightLanding;
import dev.queuelock.land.history.LandingNote;
import java.nio.file.Path;
import java.util.Map;

/**
 * When the watch judges again whether the processes it shows (holders, waiters, landers) live: at
 * least every {@value #EVERY_MILLIS} ms while it shows one. A {@code kill -9} changes no file, so
 * no file event says it; a dead lander shown for a minute while status said {@code holder: none}
 * was issue 53. Judged by the lock's own rule, not a copy: the queues through their readers
 * (holders in full, as every snapshot), the landings by their notes' {@code ProcessId}. A waiter
 * polls its queue five times as often.
 */
final class Rejudging {

    /** How soon a process shown that has died leaves the view. */
    static final long EVERY_MILLIS = 1000;

    private long judgedAt;

    /** How long the watch may sleep, at most, after showing {@code model}. */
    long sleep(WatchModel model, long sleep) {
        return model.counting() ? Math.min(sleep, Math.max(1, judgedAt + EVERY_MILLIS - System.currentTimeMillis())) : sleep;
    }

    /** Whether what {@code model} shows is to be judged again now; if so, it counts as judged. */
    boolean due(WatchModel model) {
        if (!model.counting() || System.currentTimeMillis() - judgedAt < EVERY_MILLIS) {
            return false;
        }
        judged();
        return true;
    }

    /** Everything shown was just read. */
    void judged() {
        judgedAt = System.currentTimeMillis();
    }

    /** The queue shows a process: a holder or a waiter. */
    static boolean shows(QueueSnapshot queue) {
        return !queue.holders().isEmpty() || !queue.waiters().isEmpty();
    }

    /** Whether the landings under way now are other than those shown: a lander died (or one began). */
    static boolean landersDied(Map<String, LandingNote> shown, Path commonDir) {
        return !shown.isEmpty() && commonDir != null
                && !InFlightLanding.live(RepoContext.stateDir(commonDir)).keySet().equals(shown.keySet());
    }
}
