package dev.queuelock;

/**
 * Told about a wait: once when the waiter's position or the holder changes, and again each time
 * the holder has held for another stuck-warning interval. Never told twice about the same state,
 * so every call is worth one log line.
 */
@FunctionalInterface
public interface WaitListener {

    WaitListener NONE = event -> { };

    void onWait(WaitEvent event);
}
