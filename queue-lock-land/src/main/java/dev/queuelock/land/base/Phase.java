package dev.queuelock.land.base;

/**
 * The phases of a landing, in the order they run. The id is the key in the landing history's
 * {@code phases} map (kept as it always was, so old history files read the same).
 */
public enum Phase {
    QUEUE_WAIT("queueWait", "queue wait", '.'),
    FETCH("fetch", "fetch", 'f'),
    REBASE("rebase", "rebase", 'r'),
    CHECKS("checks", "checks", '#'),
    PUSH("push", "push", 'p'),
    SYNC("sync", "sync", 's');

    private final String id;
    private final String words;
    private final char bar;

    Phase(String id, String words, char bar) {
        this.id = id;
        this.words = words;
        this.bar = bar;
    }

    /** The key in the history file. */
    public String id() {
        return id;
    }

    /** The character the history chart draws this phase's share of a bar with. */
    public char bar() {
        return bar;
    }

    /** The phase that normally follows this one, or null after the last. */
    public Phase next() {
        return ordinal() + 1 < values().length ? values()[ordinal() + 1] : null;
    }

    /** How messages name it ("interrupted during queue wait"). */
    @Override
    public String toString() {
        return words;
    }
}
