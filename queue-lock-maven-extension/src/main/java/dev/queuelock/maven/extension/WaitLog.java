package dev.queuelock.maven.extension;

import dev.queuelock.LockRecord;
import dev.queuelock.WaitEvent;
import dev.queuelock.WaitListener;
import dev.queuelock.Durations;
import org.slf4j.Logger;

/** One log line per change of queue position, and the stuck-holder warning. */
final class WaitLog implements WaitListener {

    private final Logger log;
    private boolean waited;

    WaitLog(Logger log) {
        this.log = log;
    }

    /** Whether this acquire had to wait at all (any event means it did). */
    boolean waited() {
        return waited;
    }

    @Override
    public void onWait(WaitEvent event) {
        if (waited && event.holder().isEmpty()) {
            return; // a hand-off in progress: the next line names the new holder
        }
        waited = true;
        String holder = event.holder().map(h -> h.describe() + ", holding for " + Durations.format(event.holderElapsed()))
                .orElse("nobody holds it now");
        if (event.isStuckHolderWarning()) {
            log.warn("Build queue: {} - if that build is stuck, stop it; a live holder is never forced out.", holder);
            return;
        }
        String position = event.ahead() == 0 ? "next up" : event.ahead() + (event.ahead() == 1 ? " build" : " builds") + " ahead";
        log.info("Build queue: {}; {}", position, holder);
    }
}
