package dev.queuelock.land.checks;

import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.QueuePause;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Holds a lander before its checks while the land queue is paused ({@link QueuePause}): it says who
 * paused and why once, again only every {@link #REPEAT_MILLIS}, and goes on when a resume lifts the
 * pause. It takes nothing while it waits: no build slot, so builds are not affected.
 */
public final class PauseWait {

    /** How often a paused lander says again that it waits. */
    static final long REPEAT_MILLIS = 600_000;
    /** How often the pause file is looked at: a read of one small file. */
    static final long LOOK_EVERY_MILLIS = 500;

    /** Never waits: where the repository's state is not known. */
    public static final PauseWait NONE = new PauseWait(null, null);

    private final Path stateDir;
    private final LandLog log;

    public PauseWait(Path stateDir, LandLog log) {
        this.stateDir = stateDir;
        this.log = log;
    }

    /** Returns once the land queue is not paused (at once if it is not). */
    public void untilResumed() throws InterruptedException {
        if (stateDir == null) {
            return;
        }
        long saidAt = 0;
        boolean waited = false;
        for (Optional<QueuePause> pause = QueuePause.of(stateDir); pause.isPresent(); pause = QueuePause.of(stateDir)) {
            long now = System.currentTimeMillis();
            if (!waited || now - saidAt >= REPEAT_MILLIS) {
                log.warn(pause.get().describe(now) + "; this landing waits before its checks until mvn queuelock:resume");
                saidAt = now;
            }
            waited = true;
            Thread.sleep(LOOK_EVERY_MILLIS);
        }
        if (waited) {
            log.info("land queue resumed: the checks start");
        }
    }
}
