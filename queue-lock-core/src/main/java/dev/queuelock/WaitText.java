package dev.queuelock;

import java.time.Duration;
import java.util.Optional;

/**
 * The one way a {@link WaitEvent} becomes text, for every waiter that tells a person about its
 * wait (in whatever process waits, on whichever queue, the CLI's too):
 * {@code Build queue: 2 builds ahead; lane wt-a (verify), pid 4242, holding for 1m 05s}, and for a
 * holder held far past this queue's usual hold of its kind of work
 * {@code Build queue: warning: lane wt-a (verify), pid 4242, holding for 25m 00s, over 3 times this
 * queue's usual verify hold (7m 00s); look at lane wt-a's build (verify) and its output where it
 * was started; a live holder is never forced out.} It says what to look at, never what to stop:
 * the one who reads it cannot tell a slow build from a stuck one, and the build is someone's work.
 * A waiter that takes the lock over from a holder that died holding it says
 * {@code Build queue: holder pid 4242 (lane wt-a, verify) died; taking over}; one waiting for a holder
 * that has ended while a process it started still keeps its hold says so, not only the pid.
 * One instance per acquire: after the first line, the moment between two holders is left out
 * (the next line names the new holder).
 */
public final class WaitText {

    private final String queue;
    private final String unit;
    private boolean waited;

    /**
     * @param queue what the line starts with, e.g. {@code Build queue}
     * @param unit  what the waiters ahead are, singular, e.g. {@code build}, {@code run}
     */
    public WaitText(String queue, String unit) {
        this.queue = queue;
        this.unit = unit;
    }

    /** The line for {@code event}; empty when it adds nothing to the previous one. */
    public Optional<String> line(WaitEvent event) {
        return line(event, Optional.empty());
    }

    /** The line for {@code event}, with an estimate of when this waiter's turn comes. */
    public Optional<String> line(WaitEvent event, Optional<Duration> eta) {
        if (event.deadHolder().isPresent()) {
            waited = true;
            LockRecord dead = event.deadHolder().get();
            String holder = dead.runsIn().isPresent() ? dead.process() : "holder " + dead.process();
            return Optional.of(queue + ": " + holder + " (lane " + dead.lane() + dead.label().map(l -> ", " + l).orElse("")
                    + dead.host().map(h -> ", on " + h).orElse("") + ") died; taking over");
        }
        if (waited && event.holders().isEmpty()) {
            return Optional.empty();
        }
        waited = true;
        if (event.holders().isEmpty()) {
            return Optional.of(queue + ": " + position(event) + "; nobody holds it now");
        }
        LockRecord longest = event.holders().get(0);
        if (event.holderEnded()) {
            // Naming the dead pid alone would send a person after a process that is gone.
            return Optional.of(queue + ": " + position(event) + "; " + holders(event) + " - pid " + longest.pid()
                    + " has ended, and what it started (a check build) still runs and keeps the lock until it ends.");
        }
        if (event.isStuckHolderWarning()) {
            Optional<UsualHold> usual = event.usual();
            return Optional.of(queue + ": warning: " + held(longest, event.holderElapsed())
                    + usual.map(u -> ", over " + UsualHold.FAR_PAST + " times this queue's usual " + u.kind() + " hold ("
                            + Durations.format(u.length()) + ")").orElse("")
                    + "; look at " + whereToLook(longest) + "; a live holder is never forced out.");
        }
        return Optional.of(queue + ": " + position(event) + "; " + holders(event) + eta.map(d -> ", ETA ~" + Durations.format(d)).orElse(""));
    }

    /** The line saying why the queue has the slots it has, on the first event of a wait: {@code Build queue: slots: 2 (fixed)}. */
    public Optional<String> slotsLine(WaitEvent event) {
        return event.slotsReason().map(reason -> queue + ": slots: " + reason);
    }

    /**
     * The holder's lane, its work and where that work's output is: the newest file in the directory
     * its record names ({@link LockRecord#output()}) where there is one, else where it was started.
     */
    private static String whereToLook(LockRecord holder) {
        if (holder.output().isPresent()) {
            return "lane " + holder.lane() + "'s " + holder.label().orElse("work") + " and its output, the newest file in "
                    + holder.output().get();
        }
        String work = holder.label().map(label -> "build (" + label + ")").orElse("work");
        return "lane " + holder.lane() + "'s " + work + " and its output "
                + (holder.runsIn().isPresent() ? "in the client that started it" : "where it was started");
    }

    /**
     * Each holder with how long it has held; the later ones' times follow from the longest-held
     * one's. In a queue of several slots, first how many are busy: {@code 2 of 2 slots busy: ...}.
     */
    private static String holders(WaitEvent event) {
        LockRecord longest = event.holders().get(0);
        StringBuilder text = new StringBuilder();
        if (event.slots() > 1) {
            text.append(event.holders().size()).append(" of ").append(event.slots()).append(" slots busy: ");
        }
        text.append(held(longest, event.holderElapsed()));
        for (LockRecord other : event.holders().subList(1, event.holders().size())) {
            Duration elapsed = event.holderElapsed().minusMillis(Math.max(0, other.ts() - longest.ts()));
            text.append("; ").append(held(other, elapsed.isNegative() ? Duration.ZERO : elapsed));
        }
        return text.toString();
    }

    private static String held(LockRecord holder, Duration elapsed) {
        return holder.describe() + ", holding for " + Durations.format(elapsed);
    }

    private String position(WaitEvent event) {
        return event.ahead() == 0 ? "next up" : event.ahead() + " " + unit + (event.ahead() == 1 ? "" : "s") + " ahead";
    }

    /** What the lines start with, e.g. {@code Build queue}. */
    public String queue() {
        return queue;
    }

    /** Whether this acquire had to wait at all (any event means it did). */
    public boolean waited() {
        return waited;
    }
}
