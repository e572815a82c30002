package dev.queuelock.maven.extension;

import dev.queuelock.WaitEvent;
import dev.queuelock.WaitListener;
import dev.queuelock.WaitText;
import org.slf4j.Logger;

/**
 * The build queue's wait lines ({@link WaitText}) through Maven's logger; the stuck-holder warning
 * as a warning. A build that waits says once why the queue has the slots it has (core decides and
 * words it, this logs it); a build that does not wait logs nothing of it.
 */
final class WaitLog implements WaitListener {

    private final Logger log;
    private final WaitText text = new WaitText("Build queue", "build");

    WaitLog(Logger log) {
        this.log = log;
    }

    /** Whether this acquire had to wait at all (any event means it did). */
    boolean waited() {
        return text.waited();
    }

    @Override
    public void onWait(WaitEvent event) {
        text.line(event).ifPresent(line -> {
            if (event.isWarning()) {
                log.warn(line);
            } else {
                log.info(line);
            }
        });
        text.slotsLine(event).ifPresent(log::info);
    }
}
