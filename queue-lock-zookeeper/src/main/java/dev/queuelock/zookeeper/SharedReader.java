package dev.queuelock.zookeeper;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.curator.framework.CuratorFramework;

/**
 * One long-lived Curator client per ensemble and JVM for reading queues ({@code status}, and a
 * batch leader looking at the land queue every few tens of milliseconds while it gathers), as
 * Curator's recipes expect a client to be shared, instead of a ZooKeeper session opened and closed
 * for every look. A lock keeps a session of its own: its holder is alive exactly while that
 * session is, so it must not outlive the hold.
 */
final class SharedReader {

    private static final Map<String, CuratorFramework> CLIENTS = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> CLIENTS.values().forEach(CuratorFramework::close),
                "queue-lock zookeeper readers"));
    }

    private SharedReader() {
    }

    /** A connected client for these settings; the first call connects (and fails fast, as {@link ZooKeeperConnection#open}). */
    static CuratorFramework client(ZooKeeperSettings settings) throws InterruptedException {
        String key = settings.connect + "|" + settings.sessionTimeout + "|" + settings.connectionTimeout;
        CuratorFramework client = CLIENTS.get(key);
        if (client != null) {
            return client;
        }
        synchronized (CLIENTS) {
            client = CLIENTS.get(key);
            if (client == null) {
                client = ZooKeeperConnection.open(settings); // not cached unless connected: the next look tries again
                CLIENTS.put(key, client);
            }
            return client;
        }
    }
}
