package dev.queuelock.zookeeper;

import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;

/**
 * The queue as the recipe orders it: {@link InterProcessMutex#getParticipantNodes()} (the first
 * holds, the rest wait in that order), each read with the {@link ParticipantNode} in its bytes.
 */
final class Participants {

    private Participants() {
    }

    /** The tickets in line at {@code queuePath}, skipping any node that left while the line was read. */
    static List<ParticipantNode> read(CuratorFramework client, String queuePath) throws Exception {
        List<ParticipantNode> tickets = new ArrayList<>();
        // A mutex object holds no node until it acquires: here it only lists the line the recipe's way.
        for (String node : new InterProcessMutex(client, queuePath).getParticipantNodes()) {
            byte[] data;
            try {
                data = client.getData().forPath(node);
            } catch (KeeperException.NoNodeException left) {
                continue;
            }
            tickets.add(ParticipantNode.of(ZKPaths.getNodeFromPath(node), data));
        }
        return tickets;
    }

    /** The first ticket, or null if the line is empty or it left while it was read. */
    static ParticipantNode first(CuratorFramework client, List<String> nodes) throws Exception {
        if (nodes.isEmpty()) {
            return null;
        }
        try {
            return ParticipantNode.of(ZKPaths.getNodeFromPath(nodes.get(0)), client.getData().forPath(nodes.get(0)));
        } catch (KeeperException.NoNodeException left) {
            return null;
        }
    }
}
