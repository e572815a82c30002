package dev.queuelock;

/**
 * Told about a wait: once when the waiter's position or the holder changes, and again each time
 * the holder has held for another stuck-warning interval. Never told twice about the same state,
 * so every call is worth one log line.
 */
@FunctionalInterface
public interface WaitListener {

    /** Hears nothing. A class, not a lambda: every acquire's options start with it, in a cold JVM. */
    WaitListener NONE = new WaitListener() {
        @Override
        public void onWait(WaitEvent event) {
        }
    };

    void onWait(WaitEvent event);
}
