package dev.queuelock.process;

/**
 * SIGHUP is no request to stop: an agent runs builds and other long work detached, and a terminal going
 * away must not kill otherwise-green work (the npm tool ignores it for the same reason). The JVM
 * would otherwise treat it like SIGTERM.
 */
public final class Hangup {

    private Hangup() {
    }

    /** From now on this JVM ignores SIGHUP; processes it starts inherit that. */
    @SuppressWarnings("restriction")
    public static void ignore() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("HUP"), sun.misc.SignalHandler.SIG_IGN);
        } catch (IllegalArgumentException | LinkageError e) {
            // HUP already ignored (nohup), or no such signal here: nothing to do
        }
    }
}
