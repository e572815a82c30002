package dev.queuelock.land.base;

import java.util.Optional;

/**
 * The phases of a land command, in the order they run, from its process's start to its record in
 * the history: what a person waits through. The id is the key in the landing history's
 * {@code phases} map (kept as it always was, so old history files read the same; records from
 * before start-up and slot wait were kept have neither).
 */
public enum Phase {
    /** Process start to queueing: the JVM's, Maven's and land's own start (its parts: {@code history.CommandTime}). */
    START_UP("startUp", "start-up", '-'),
    QUEUE_WAIT("queueWait", "queue wait", '.'),
    FETCH("fetch", "fetch", 'f'),
    REBASE("rebase", "rebase", 'r'),
    /** Waiting for a build slot for the check: the build queue is busy, nothing is being checked yet. */
    SLOT_WAIT("slotWait", "slot wait", '~'),
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

    /** The phase whose key in the history file is {@code id}; empty for one this version does not know. */
    public static Optional<Phase> fromId(String id) {
        for (Phase phase : values()) {
            if (phase.id.equals(id)) {
                return Optional.of(phase);
            }
        }
        return Optional.empty();
    }

    /** The phase as messages and the in-flight note name it ({@link #toString()}); empty for one this version does not know. */
    public static Optional<Phase> named(String words) {
        for (Phase phase : values()) {
            if (phase.words.equals(words)) {
                return Optional.of(phase);
            }
        }
        return Optional.empty();
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
