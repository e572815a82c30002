package dev.queuelock.land.batch;

import dev.queuelock.QueueSnapshot;
import java.util.function.Supplier;

/**
 * How many land checks run side by side ({@link BatchOptions#PARALLEL}): its number, or for
 * {@code auto} the build queue's slots, never more than those (each check build takes one, and one
 * waiting for a slot its lander holds itself would wait for ever). Decided when asked, not when the
 * lander starts: it may wait minutes in the land queue while builds end and others start, so it
 * decides when it leads and again before each round of checks.
 */
public final class ChecksAtOnce {

    /** One check at a time, the default: the build queue is never looked at. */
    public static final ChecksAtOnce ONE = new ChecksAtOnce("1", () -> {
        throw new IllegalStateException("one check at a time asks no build slots");
    });

    private final String value;
    private final Supplier<QueueSnapshot> buildQueue;

    /**
     * @param value      the setting's value: a number or {@code auto}
     * @param buildQueue a look at the build queue with its slots as a build enrolling now is told
     */
    public ChecksAtOnce(String value, Supplier<QueueSnapshot> buildQueue) {
        this.value = value;
        this.buildQueue = buildQueue;
    }

    /** Whether more than one check may run at once: the setting is not 1. */
    boolean mayRunSeveral() {
        return !"1".equals(value);
    }

    /** The number now, and why. */
    Decision decide() {
        if (!mayRunSeveral()) {
            return new Decision(1, BatchOptions.PARALLEL.name() + "=1");
        }
        QueueSnapshot builds = buildQueue.get();
        int slots = Math.max(1, builds.slots());
        String how = "the build queue's slots now, " + builds.slotsDecision();
        if ("auto".equals(value)) {
            return new Decision(slots, BatchOptions.PARALLEL.name() + "=auto: " + how);
        }
        int asked = Integer.parseInt(value);
        return new Decision(Math.min(slots, asked), BatchOptions.PARALLEL.name() + "=" + value
                + (asked > slots ? ", at most " + how : ""));
    }

    /** A number of checks at once and how it was found. */
    static final class Decision {
        private final int count;
        private final String reason;

        Decision(int count, String reason) {
            this.count = count;
            this.reason = reason;
        }

        int count() {
            return count;
        }

        /** The log's line, e.g. {@code checks side by side: up to 2 (queuelock.land.parallel=auto: the build queue's slots now, ...)}. */
        String line(String when) {
            return "checks side by side " + when + ": up to " + count + " (" + reason + ")";
        }
    }
}
