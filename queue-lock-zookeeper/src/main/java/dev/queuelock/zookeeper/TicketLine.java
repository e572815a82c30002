package dev.queuelock.zookeeper;

import dev.queuelock.LockRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;

/**
 * One queue's line of tickets in ZooKeeper: ephemeral sequential children of the queue's znode,
 * each holding its owner's record. FIFO order is the sequence number ZooKeeper assigns; the
 * first ticket holds the lock (as in Curator's {@code LockInternals}), so a holder whose session
 * ends leaves the line by itself.
 */
final class TicketLine {

    static final String PREFIX = "ticket-";

    private final CuratorFramework client;
    private final String path;

    TicketLine(CuratorFramework client, String path) {
        this.client = client;
        this.path = path;
    }

    /** A ticket as read: its record (null if unreadable) and whether its owner has marked it held. */
    static final class Ticket {
        final String name;
        final LockRecord record;
        final boolean marked;

        Ticket(String name, LockRecord record, boolean marked) {
            this.name = name;
            this.record = record;
            this.marked = marked;
        }
    }

    /** Joins the end of the line; returns the ticket's full path. */
    String enroll(LockRecord record) throws Exception {
        // Protection: a create retried after a lost reply finds its first node instead of queueing twice.
        return client.create().creatingParentContainersIfNeeded().withProtection()
                .withMode(CreateMode.EPHEMERAL_SEQUENTIAL).forPath(path + "/" + PREFIX, TicketCodec.encode(record));
    }

    /** The ticket names in the order they are served. */
    List<String> names() throws Exception {
        List<String> names;
        try {
            names = new ArrayList<>(client.getChildren().forPath(path));
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        }
        names.removeIf(n -> !n.contains(PREFIX));
        names.sort(Comparator.comparing(TicketLine::sequence));
        return names;
    }

    Optional<Ticket> read(String name) throws Exception {
        try {
            Stat stat = new Stat();
            byte[] data = client.getData().storingStatIn(stat).forPath(path + "/" + name);
            return Optional.of(new Ticket(name, TicketCodec.decode(data), stat.getVersion() > 0));
        } catch (KeeperException.NoNodeException e) {
            return Optional.empty();
        }
    }

    /** The tickets in order, skipping any that left while they were read. */
    List<Ticket> tickets() throws Exception {
        List<Ticket> tickets = new ArrayList<>();
        for (String name : names()) {
            read(name).ifPresent(tickets::add);
        }
        return tickets;
    }

    /** Watches one ticket for its removal; false if it is already gone. */
    boolean watch(String name, Watcher watcher) throws Exception {
        try {
            client.getData().usingWatcher(watcher).forPath(path + "/" + name);
            return true;
        } catch (KeeperException.NoNodeException e) {
            return false;
        }
    }

    /** Rewrites the first ticket with the time the lock was taken, so waiters measure the hold from then. */
    void markHeld(String node, LockRecord record) throws Exception {
        client.setData().forPath(node, TicketCodec.encode(record));
    }

    static String nameOf(String node) {
        return node.substring(node.lastIndexOf('/') + 1);
    }

    /** ZooKeeper's 10-digit sequence suffix (a protected name starts with a random prefix, so sort by this). */
    static String sequence(String name) {
        return name.length() >= 10 ? name.substring(name.length() - 10) : name;
    }
}
