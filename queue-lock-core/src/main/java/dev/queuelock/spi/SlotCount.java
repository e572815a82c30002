package dev.queuelock.spi;

/**
 * How many builds a queue admits at once: a fixed number ({@code queuelock.build.slots=3}) or a
 * number decided from the machine and the repository's recent builds ({@code auto}). A fixed
 * number is asked once per acquire; {@code auto} again while the waiter first in line waits, at
 * most every {@link #recheckMillis()}, as the machine's room changes while it waits.
 */
public interface SlotCount {

    /** The number of slots now: 1 or more. */
    int slots();

    /**
     * The number of slots now, beside {@code holding} builds holding one (slot files present):
     * {@code auto} asks the machine; a fixed number is fixed.
     */
    default int slots(int holding) {
        return slots();
    }

    /** How the number was found, for {@code status}: e.g. "2 (fixed)". */
    String describe();

    /** Whether {@code auto} decides the number (each holder and waiter records it: see {@code LockRecord#slots}). */
    default boolean auto() {
        return false;
    }

    /**
     * Under {@code auto}, how long a decision stands while the waiter first in line waits: it asks
     * again once this has passed, and meanwhile takes a freed slot on the number in hand. Not asked of a fixed number.
     */
    default long recheckMillis() {
        return RECHECK_MILLIS;
    }

    /** How long an {@code auto} decision stands while the waiter first in line waits, by default: {@value} ms. */
    long RECHECK_MILLIS = 1500;

    /** One slot: the npm tool's format and the default. */
    SlotCount ONE = fixed(1);

    /** {@code auto} where nothing here can decide it (no build policy was handed over): one slot, said so. */
    static SlotCount undecidedAuto() {
        return new SlotCount() {
            @Override
            public int slots() {
                return 1;
            }

            @Override
            public String describe() {
                return "1 (auto, not decided here: this tool does not read the machine)";
            }
        };
    }

    static SlotCount fixed(int slots) {
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be 1 or more: " + slots);
        }
        return new SlotCount() {
            @Override
            public int slots() {
                return slots;
            }

            @Override
            public String describe() {
                return slots + " (fixed)";
            }
        };
    }
}
