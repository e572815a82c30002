package dev.queuelock.land.base;

import dev.queuelock.WaitEvent;

/** Where a landing reports progress: Maven's logger in the plugin; the core never prints. */
public interface LandLog {

    void info(String line);

    void warn(String line);

    void error(String line);

    /** A change while waiting for the land queue (position, holder, stuck holder). */
    default void landWait(WaitEvent event) {
    }

    /** A change while waiting for the build queue before the checks. */
    default void buildWait(WaitEvent event) {
    }
}
