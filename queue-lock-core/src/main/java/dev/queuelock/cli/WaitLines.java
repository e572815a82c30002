package dev.queuelock.cli;

import dev.queuelock.Durations;
import dev.queuelock.WaitEvent;
import dev.queuelock.WaitListener;
import java.io.PrintStream;
import java.time.Duration;

/** The lines {@code run} prints on stderr while it waits: one per change, plus stuck-holder warnings. */
final class WaitLines implements WaitListener {

    private final PrintStream err;
    private final String prefix;
    private volatile boolean waited;

    WaitLines(PrintStream err, String queue, String lane) {
        this.err = err;
        this.prefix = "[queue-lock] " + queue + " queue, lane " + lane + ": ";
    }

    @Override
    public void onWait(WaitEvent event) {
        waited = true;
        err.println(prefix + describe(event));
    }

    static String describe(WaitEvent event) {
        if (event.takeoverLine().isPresent()) {
            return event.takeoverLine().get();
        }
        String position = event.ahead() == 0 ? "next up" : "waiting, " + event.ahead() + " ahead";
        if (event.holder().isEmpty()) {
            return position + "; lock free";
        }
        String line = position + "; held by " + event.holder().get().describe()
                + " for " + Durations.format(event.holderElapsed());
        if (event.isStuckHolderWarning()) {
            return "warning: " + line + ". A live holder is never forced out;"
                    + " if it is stuck, stop it (kill " + event.holder().get().pid() + ")";
        }
        return line;
    }

    /** Says how long the wait was, if there was one (a lock taken at once costs only start-up time). */
    String acquired(Duration elapsed) {
        return prefix + (waited ? "acquired after waiting " + Durations.format(elapsed) : "acquired (no wait)");
    }
}
