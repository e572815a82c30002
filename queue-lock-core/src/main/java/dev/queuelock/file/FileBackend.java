package dev.queuelock.file;

import dev.queuelock.QueueLock;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.spi.BackendContext;
import dev.queuelock.spi.QueueBackend;

/** Queues in the temp dir of one machine, shared with claude-code-merge-queue: the default backend. */
public final class FileBackend implements QueueBackend {

    public static final String NAME = "file";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public QueueLock open(String queue, String queueId, String lane, BackendContext context) {
        return new FileQueueLock(QueueDirectory.of(context.tmpDir(), queue, queueId), lane, context.pollInterval());
    }

    @Override
    public QueueSnapshot snapshot(String queue, String queueId, BackendContext context) {
        return FileQueueLock.snapshot(QueueDirectory.of(context.tmpDir(), queue, queueId));
    }
}
