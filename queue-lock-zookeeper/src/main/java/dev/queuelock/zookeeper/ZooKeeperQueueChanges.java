package dev.queuelock.zookeeper;

import dev.queuelock.QueueLockException;
import dev.queuelock.spi.QueueChanges;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;

/**
 * A ZooKeeper queue's changes ({@link ZooKeeperBackend#changes}): Curator's watches on the queue's
 * znode and its participants, so a holder or waiter on any machine wakes the reader the moment
 * the ensemble knows of it. Over the shared reading session ({@link SharedReader}); a queue whose
 * znode is not there yet is waited for, not made.
 */
final class ZooKeeperQueueChanges implements QueueChanges {

    private final CuratorCache cache;

    private ZooKeeperQueueChanges(CuratorCache cache) {
        this.cache = cache;
    }

    static QueueChanges start(ZooKeeperSettings settings, String path, Runnable changed) {
        CuratorFramework client;
        try {
            client = SharedReader.client(settings);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueueLockException("interrupted while connecting to ZooKeeper at " + settings.connect, e);
        }
        CuratorCache cache = CuratorCache.build(client, path);
        // Told of the participants found at the start too: one look more, but none missed while the watches were being set.
        cache.listenable().addListener(CuratorCacheListener.builder().forAll((type, before, after) -> changed.run()).build());
        cache.start();
        return new ZooKeeperQueueChanges(cache);
    }

    @Override
    public void close() {
        cache.close();
    }
}
