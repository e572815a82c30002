package dev.queuelock.land.watch;

import dev.queuelock.QueueReader;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.QueueChanges;
import java.nio.file.Path;

/** {@link WatchSources} whose queues are read, and their changes heard, as their backends say: the lanes and the state are the subclass's. */
public abstract class FactorySources implements WatchSources {

    private final QueueLockFactory factory;
    private final Queue buildQueue;
    private final Queue landQueue;
    /** Kept across looks: a look re-reads only the tickets that changed. */
    private final QueueReader build;
    private final QueueReader land;

    protected FactorySources(QueueLockFactory factory, Queue buildQueue, Queue landQueue) {
        this.factory = factory;
        this.buildQueue = buildQueue;
        this.landQueue = landQueue;
        this.build = factory.reader(buildQueue);
        this.land = factory.reader(landQueue);
    }

    @Override
    public QueueSnapshot build() {
        return build.look();
    }

    @Override
    public QueueSnapshot land() {
        return land.look();
    }

    @Override
    public QueueChanges buildChanges(Runnable changed) {
        return factory.changes(buildQueue, changed);
    }

    @Override
    public QueueChanges landChanges(Runnable changed) {
        return factory.changes(landQueue, changed);
    }

    @Override
    public Path usageHistory() {
        return buildQueue.usageHistory();
    }
}
