package dev.queuelock;

/**
 * Looks at one queue again and again, for a reader that looks at every change (a watch): a
 * reader may keep what an earlier look read and read again only what changed, where a
 * {@link QueueSnapshot} taken through the backend reads everything each time.
 */
public interface QueueReader {

    /** The queue now: who holds, who waits. */
    QueueSnapshot look();
}
