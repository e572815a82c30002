package dev.queuelock.zookeeper;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.config.LockSettings;
import dev.queuelock.spi.BackendContext;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.QueueBackend;
import dev.queuelock.spi.QueueChanges;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;

/**
 * Queues in a ZooKeeper ensemble, shared by every machine that lands to one remote: select with
 * {@code queuelock.backend=zookeeper} (or {@code queuelock.land.backend}) and
 * {@code queuelock.zookeeper.connect}. Queue {@code q} of queue id {@code id} is the znode
 * {@code <chroot>/<url-encoded id>/q}.
 */
public final class ZooKeeperBackend implements QueueBackend {

    public static final String NAME = "zookeeper";

    @Override
    public String name() {
        return NAME;
    }

    /** {@link ZooKeeperSettings#ZOOKEEPER_QUEUE_ID}, else the normalized URL of the remote (see {@link RemoteUrl}). */
    @Override
    public String queueId(Path dir, BackendContext context) {
        return context.setting(ZooKeeperSettings.ZOOKEEPER_QUEUE_ID.name())
                .orElseGet(() -> RemoteUrl.normalize(GitRemote.url(dir, ZooKeeperSettings.ZOOKEEPER_REMOTE.from(context.settings())), dir));
    }

    @Override
    public QueueLock open(Queue queue, String lane) {
        ZooKeeperSettings settings = ZooKeeperSettings.from(queue.context());
        String slots = queue.slots();
        if (!slots.equals("1")) {
            // Several slots are the file backend's (one machine's cores); a ZooKeeper queue is a mutex.
            throw new IllegalArgumentException(LockSettings.BUILD_SLOTS + "=" + slots + " needs the file backend for the build queue;"
                    + " drop " + LockSettings.BUILD_BACKEND + "=" + NAME + " or the slots setting");
        }
        return new ZooKeeperQueueLock(settings, queuePath(settings, queue), lane);
    }

    @Override
    public QueueSnapshot snapshot(Queue queue) {
        ZooKeeperSettings settings = ZooKeeperSettings.from(queue.context());
        String path = queuePath(settings, queue);
        CuratorFramework client;
        try {
            client = SharedReader.client(settings);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueueLockException("interrupted while connecting to ZooKeeper at " + settings.connect, e);
        }
        try {
            List<ParticipantNode> line = Participants.read(client, path);
            List<LockRecord> waiters = new ArrayList<>();
            for (ParticipantNode waiter : line.subList(Math.min(1, line.size()), line.size())) {
                if (waiter.record != null) {
                    waiters.add(waiter.record);
                }
            }
            LockRecord holder = line.isEmpty() ? null : line.get(0).asHolder(System.currentTimeMillis());
            return new QueueSnapshot(Path.of(path), holder == null ? List.of() : List.of(holder), waiters);
        } catch (QueueLockException e) {
            throw e;
        } catch (Exception e) {
            throw ZooKeeperConnection.failed(settings, "reading queue " + path, e);
        }
    }

    /** Curator's watches on the queue's znodes: a landing taken on another machine wakes the watch here. */
    @Override
    public QueueChanges changes(Queue queue, Runnable changed) {
        ZooKeeperSettings settings = ZooKeeperSettings.from(queue.context());
        return ZooKeeperQueueChanges.start(settings, queuePath(settings, queue), changed);
    }

    /** The znode of {@code queue}; its name is checked by {@link Queue}, its id is encoded here. */
    static String queuePath(ZooKeeperSettings settings, Queue queue) {
        String id = URLEncoder.encode(queue.id(), StandardCharsets.UTF_8);
        if (id.isEmpty() || id.equals(".") || id.equals("..")) {
            throw new QueueLockException("queue id '" + queue.id() + "' cannot name a znode; set " + ZooKeeperSettings.ZOOKEEPER_QUEUE_ID.name() + ".");
        }
        return settings.chroot + "/" + id + "/" + queue.name();
    }
}
