package dev.queuelock.spi;

import dev.queuelock.QueueLock;
import dev.queuelock.QueueReader;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.repo.RepoKey;
import java.nio.file.Path;

/**
 * Where queues live: the file backend (one machine, the npm tool's format) or another one found
 * on the class path through {@link java.util.ServiceLoader} (list the implementation in
 * {@code META-INF/services/dev.queuelock.spi.QueueBackend}). Chosen by {@link #name()}.
 */
public interface QueueBackend {

    /** The name users select it by, e.g. {@code file}. */
    String name();

    /**
     * Who shares a queue with the repository containing {@code dir}: every lock opened with an
     * equal id contends. By default the repository key, so every working tree git links to one clone shares.
     */
    default String queueId(Path dir, BackendContext context) {
        return RepoKey.of(dir).key();
    }

    /** A lock on {@code queue}, acting for {@code lane}. */
    QueueLock open(Queue queue, String lane);

    /** The holders and the waiters of {@code queue}, in the order they will be served. */
    QueueSnapshot snapshot(Queue queue);

    /** Looks at {@code queue} again and again; by default a {@link #snapshot} at each look. */
    default QueueReader reader(Queue queue) {
        return () -> snapshot(queue);
    }

    /**
     * Calls {@code changed}, on a thread of the backend's, whenever {@code queue} may have changed
     * (a holder or a waiter came or went), until closed: where the queue lives, so the watch needs
     * no idea of it. By default once every {@link BackendContext#pollInterval()}, as a waiter of a
     * backend without events looks.
     */
    default QueueChanges changes(Queue queue, Runnable changed) {
        return PolledChanges.start(queue.toString(), queue.context().pollInterval(), changed);
    }
}
