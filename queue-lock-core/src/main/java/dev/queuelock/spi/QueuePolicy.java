package dev.queuelock.spi;

import dev.queuelock.UsualHold;
import dev.queuelock.config.LockSettings;
import java.util.Optional;

/**
 * What the lock does not decide itself, handed to the queue factory by whoever knows: how many
 * slots the text of a queue's slots setting ({@link LockSettings#SLOTS}) gives — a whole number
 * is fixed; {@code auto} is decided from the machine and the builds' recorded usage — and what a
 * hold of one kind of work usually takes, which a long hold is judged by. The lock records no
 * holds and reads no machine: the build module's policy does both. Without it ({@link #LOCK_ONLY})
 * slots are whole numbers and no hold is called far past its usual.
 */
public interface QueuePolicy {

    /** The word that asks for a number decided from the machine. */
    String AUTO = "auto";

    /** @param value what the setting's parser returned: {@value #AUTO} or digits */
    SlotCount slotsOf(String value, Queue queue);

    /** Whether {@value #AUTO} is decided here (else a queue's recorded count is shown as its builds were told). */
    boolean decidesAuto();

    /**
     * The usual hold of the work {@code label} names in {@code queue}; empty where none of its
     * kind is known. Asked only once a waiter has waited a stuck-warning interval.
     */
    Optional<UsualHold> usualOf(Queue queue, String label);

    /** Whole numbers only, and nothing known of usual holds: the lock alone (its CLI without the build module). */
    QueuePolicy LOCK_ONLY = new QueuePolicy() {
        @Override
        public SlotCount slotsOf(String value, Queue queue) {
            return value.equals(AUTO) ? SlotCount.undecidedAuto() : SlotCount.fixed(Integer.parseInt(value));
        }

        @Override
        public boolean decidesAuto() {
            return false;
        }

        @Override
        public Optional<UsualHold> usualOf(Queue queue, String label) {
            return Optional.empty();
        }
    };
}
