package dev.queuelock;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The usual hold of one kind of work in one queue, as the queue's policy found it ({@code spi.QueuePolicy#usualOf}): a hold is far
 * past it at {@value #FAR_PAST} times it. The lock judges by it and names it; what the work is and
 * where its output goes is the recorder's knowledge, handed over here.
 */
public final class UsualHold {

    /** How many times its usual length a hold (or one phase of the holder's work) takes before it is called far past it: {@value}. */
    public static final int FAR_PAST = 3;

    private final Duration length;
    private final String kind;
    private final String log;

    /**
     * @param kind the kind of work, as the warning names it ({@code verify}, {@code checks})
     * @param log  where that kind of work writes its output, said after the holder ("their log, the
     *             newest in …"); null where it writes where it was started
     */
    public UsualHold(Duration length, String kind, String log) {
        this.length = Objects.requireNonNull(length, "length");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.log = log;
    }

    public Duration length() {
        return length;
    }

    public String kind() {
        return kind;
    }

    public Optional<String> log() {
        return Optional.ofNullable(log);
    }

    /** Whether {@code held} is far past {@code usual}: at least {@value #FAR_PAST} times it. */
    public static boolean farPast(Duration held, Duration usual) {
        return held.toMillis() >= FAR_PAST * usual.toMillis();
    }

    public boolean farPastBy(Duration held) {
        return farPast(held, length);
    }
}
