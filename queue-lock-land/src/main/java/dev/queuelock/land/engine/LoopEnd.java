package dev.queuelock.land.engine;

/**
 * How the {@link LandingEngine}'s loop ended a candidate, for its driver to say what that means
 * for its lanes: pushed, refused by the remote for good, stopped before the push because the land
 * queue was lost, or stopped by a failure (git failed; its message says what to do).
 */
public final class LoopEnd {

    /** The kinds, for a {@code switch}. */
    public enum Kind { LANDED, REFUSED, QUEUE_LOST, FAILED }

    private final Kind kind;
    private final String why;

    private LoopEnd(Kind kind, String why) {
        this.kind = kind;
        this.why = why;
    }

    static LoopEnd landed() {
        return new LoopEnd(Kind.LANDED, null);
    }

    static LoopEnd refused(String why) {
        return new LoopEnd(Kind.REFUSED, why);
    }

    static LoopEnd queueLost() {
        return new LoopEnd(Kind.QUEUE_LOST, null);
    }

    static LoopEnd failed(String why) {
        return new LoopEnd(Kind.FAILED, why);
    }

    public Kind kind() {
        return kind;
    }

    /** Why the push was refused ("rejected: ...") or what failed; null for the other kinds. */
    public String why() {
        return why;
    }
}
