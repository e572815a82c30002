package dev.queuelock.file;

import dev.queuelock.spi.SlotCount;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Under {@code auto}, the number of slots one acquire acts on: decided again while the waiter first
 * in line waits, at most every {@link SlotCount#recheckMillis()} (the machine's room changes while
 * it waits, without a file event); meanwhile a slot a holder frees is taken at once on the number
 * in hand, as under a fixed number (which is asked once, and needs none of this).
 */
final class SlotsInHand {

    private final SlotCount count;
    private final SlotFiles files;
    private int slots;
    /** Under auto, when the number in hand was decided. */
    private long decidedAt;

    /** @param slots the number decided as the acquire began */
    SlotsInHand(SlotCount count, SlotFiles files, int slots) {
        this.count = count;
        this.files = files;
        this.slots = slots;
        this.decidedAt = System.nanoTime();
    }

    int slots() {
        return slots;
    }

    /**
     * For a waiter first in line that may take a slot or waits for one: decides again if the number
     * in hand is due.
     *
     * @return true if the number changed: look again with it
     */
    boolean changed(Turn turn) throws IOException {
        if (!decides(turn) || millisUntilDue() > 0) {
            return false;
        }
        // A younger decision stands, so a holder that just freed a slot still counts as ours.
        int now = count.slots(files.present().size());
        decidedAt = System.nanoTime();
        boolean changed = now != slots;
        slots = now;
        return changed;
    }

    /** How long {@code turn}'s sleep may last: at most {@code max}, and no later than the number is due. */
    long sleepAtMost(Turn turn, long max) {
        return decides(turn) ? Math.min(max, Math.max(1, millisUntilDue())) : max;
    }

    /** Whether {@code turn} takes a slot or waits for one, first in line: where {@code auto} decides. */
    private static boolean decides(Turn turn) {
        return turn.firstInLine() && (turn.step() == Turn.Step.TAKE || turn.step() == Turn.Step.WAIT);
    }

    private long millisUntilDue() {
        return Math.max(0, count.recheckMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - decidedAt));
    }
}
