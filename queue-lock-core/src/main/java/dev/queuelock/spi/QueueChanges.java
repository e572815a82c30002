package dev.queuelock.spi;

/**
 * A queue's change events as its backend reports them ({@link QueueBackend#changes}): the file
 * backend's from the kernel's file events in its directory, ZooKeeper's from watches on its znodes.
 * A reader (the watch) sleeps until one comes instead of looking again and again. Closing it ends
 * the events; it never throws.
 */
public interface QueueChanges extends AutoCloseable {

    /** Events that never come: for a reader of fixed looks (tests). */
    QueueChanges NONE = () -> {
    };

    @Override
    void close();
}
