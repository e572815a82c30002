package dev.queuelock;

/**
 * A queue that cannot be used safely (a planted symlink, another user's directory, an unwritable
 * temp dir). The message is one line naming the path and what to do; callers show it as is,
 * without a stack trace.
 */
public class QueueLockException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public QueueLockException(String message) {
        super(message);
    }

    public QueueLockException(String message, Throwable cause) {
        super(message, cause);
    }
}
