package dev.queuelock.cli;

import dev.queuelock.Durations;
import dev.queuelock.WaitEvent;
import dev.queuelock.WaitListener;
import dev.queuelock.WaitText;
import java.io.PrintStream;
import java.time.Duration;

/** The lines {@code run} prints on stderr while it waits ({@link WaitText}), and when it got the lock. */
final class WaitLines implements WaitListener {

    private final PrintStream err;
    private final String prefix;
    private final WaitText text;

    WaitLines(PrintStream err, String queue, String lane) {
        this.err = err;
        this.prefix = "[queue-lock] ";
        this.text = new WaitText(queue + " queue, lane " + lane, "waiter");
    }

    @Override
    public void onWait(WaitEvent event) {
        text.line(event).ifPresent(line -> err.println(prefix + line));
    }

    /** Says how long the wait was, if there was one (a lock taken at once costs only start-up time). */
    String acquired(Duration elapsed) {
        return prefix + text.queue() + ": "
                + (text.waited() ? "acquired after waiting " + Durations.format(elapsed) : "acquired (no wait)");
    }
}
