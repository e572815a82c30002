package dev.queuelock;

import java.time.Duration;
import java.util.Objects;

/**
 * The usual hold of one kind of work in one queue, as the queue's policy found it ({@code spi.QueuePolicy#usualOf}): a hold is far
 * past it at {@value #FAR_PAST} times it. The lock judges by it and names it; what the work is is
 * the recorder's knowledge, handed over here (where its output goes, the holder's record says:
 * {@link LockRecord#output()}).
 */
public final class UsualHold {

    /** How many times its usual length a hold (or one phase of the holder's work) takes before it is called far past it: {@value}. */
    public static final int FAR_PAST = 3;

    private final Duration length;
    private final String kind;

    /**
     * @param kind the kind of work, as the warning names it ({@code verify}, {@code checks})
     */
    public UsualHold(Duration length, String kind) {
        this.length = Objects.requireNonNull(length, "length");
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    public Duration length() {
        return length;
    }

    public String kind() {
        return kind;
    }

    /** Whether {@code held} is far past {@code usual}: at least {@value #FAR_PAST} times it. */
    public static boolean farPast(Duration held, Duration usual) {
        return held.toMillis() >= FAR_PAST * usual.toMillis();
    }

    public boolean farPastBy(Duration held) {
        return farPast(held, length);
    }
}
