package dev.queuelock.zookeeper;

import java.util.List;
import java.util.function.Supplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.PredicateResults;
import org.apache.curator.framework.recipes.locks.StandardLockInternalsDriver;

/**
 * Curator's standard mutex driver (ephemeral sequential nodes, the lowest holds, each waiter
 * watches its predecessor) with two additions: the node is created with this process's
 * {@link ParticipantNode} in its bytes, and each look at the line that leaves us waiting is told to
 * {@link #whenWaiting}, so the wait can be reported.
 */
final class TicketDriver extends StandardLockInternalsDriver {

    private final Supplier<byte[]> ticket;
    private volatile Runnable whenWaiting = () -> { };
    private volatile String node;

    /** @param ticket the bytes of a new node, asked again for each node (a session that expired loses its node) */
    TicketDriver(Supplier<byte[]> ticket) {
        this.ticket = ticket;
    }

    void whenWaiting(Runnable action) {
        this.whenWaiting = action;
    }

    /** The full path of the last node this driver created, null before the first. */
    String node() {
        return node;
    }

    @Override
    public String createsTheLock(CuratorFramework client, String path, byte[] lockNodeBytes) throws Exception {
        String created = super.createsTheLock(client, path, ticket.get());
        node = created;
        return created;
    }

    @Override
    public PredicateResults getsTheLock(CuratorFramework client, List<String> children, String sequenceNodeName,
            int maxLeases) throws Exception {
        PredicateResults results = super.getsTheLock(client, children, sequenceNodeName, maxLeases);
        if (!results.getsTheLock()) {
            whenWaiting.run();
        }
        return results;
    }
}
