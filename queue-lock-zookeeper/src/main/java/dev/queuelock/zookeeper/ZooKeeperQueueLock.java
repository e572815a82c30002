package dev.queuelock.zookeeper;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLockException;
import dev.queuelock.spi.QueueLockSupport;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.zookeeper.KeeperException;

/**
 * The queue lock on ZooKeeper: Curator's {@link InterProcessMutex} (a fair FIFO mutex: each waiter
 * watches only the node just ahead of it) with a {@link TicketDriver} that puts this process's
 * {@link ParticipantNode} in its node, one ZooKeeper session per acquire. A holder that dies is replaced
 * once its session expires ({@code sessionTimeout}). Releasing closes the session, which removes
 * the node at once from any thread (the recipe's own release works only on the acquiring thread)
 * and, during a wait, ends the recipe's wait: ZooKeeper tells every watch that its session closed.
 *
 * <p>A holder whose connection is suspended or whose session is lost no longer counts as holding
 * ({@link #isHeld()} turns false for the rest of that hold, even if the session survives): from
 * then on another holder may exist, so callers check {@code isHeld()} before an irreversible step.
 */
public final class ZooKeeperQueueLock extends QueueLockSupport {

    private final ZooKeeperSettings settings;
    private final String queuePath;
    private final String lane;

    /** The session of the current acquire or hold; guarded by this. */
    private CuratorFramework client;
    /** The connection was suspended or the session lost since the hold (or the last look at our node) began. */
    private volatile boolean lost;

    ZooKeeperQueueLock(ZooKeeperSettings settings, String queuePath, String lane) {
        super(queuePath);
        this.settings = settings;
        this.queuePath = queuePath;
        this.lane = lane;
    }

    @Override
    protected void doAcquire(AcquireOptions options) throws InterruptedException {
        CuratorFramework session = ZooKeeperConnection.open(settings);
        synchronized (this) {
            client = session; // from here on, doRelease() closes it
        }
        try {
            checkWaiting();
            session.getConnectionStateListenable().addListener((c, state) -> stateChanged(state));
            take(session, options);
        } catch (InterruptedException e) {
            // The recipe sets the flag again as it leaves; cleared, so that the session closes cleanly.
            Thread.interrupted();
            throw e;
        } catch (QueueLockException e) {
            throw e;
        } catch (Exception e) {
            checkWaiting(); // a release() closed the session under the recipe
            throw ZooKeeperConnection.failed(settings, "waiting in queue " + queuePath, e);
        }
    }

    /** Waits in the recipe's line and takes the lock; enrolls again if the session expired and took the node. */
    private void take(CuratorFramework session, AcquireOptions options) throws Exception {
        while (true) {
            checkWaiting();
            TicketDriver driver = new TicketDriver(() -> ParticipantNode.mine(lane, options, false).bytes());
            InterProcessMutex mutex = new InterProcessMutex(session, queuePath, driver);
            try (PositionReporter reporter = new PositionReporter(session, mutex, driver, options, queuePath)) {
                mutex.acquire();
            }
            if (markHeld(session, driver.node(), options)) {
                return;
            }
        }
    }

    /**
     * Rewrites our node's ticket as held, stamped now (waiters measure the hold from then), and
     * checks that the connection did not waver meanwhile: a node that stood through a write with no
     * suspension was first in line on a live session. False if the session expired and took the node.
     */
    private boolean markHeld(CuratorFramework session, String node, AcquireOptions options) throws Exception {
        while (true) {
            checkWaiting();
            lost = false;
            try {
                session.setData().forPath(node, ParticipantNode.mine(lane, options, true).bytes());
            } catch (KeeperException.NoNodeException e) {
                return false;
            }
            if (!lost) {
                return true;
            }
        }
    }

    private void stateChanged(ConnectionState state) {
        if (state == ConnectionState.SUSPENDED || state == ConnectionState.LOST) {
            lost = true;
        }
    }

    /** Closing the session removes our node at once, held or waiting: ephemeral nodes end with it. */
    @Override
    protected void doRelease() {
        CuratorFramework toClose;
        synchronized (this) {
            toClose = client;
            client = null;
        }
        if (toClose != null) {
            toClose.close();
        }
    }

    @Override
    public String lane() {
        return lane;
    }

    /** Held, and the connection has not been suspended nor the session lost since it was taken. */
    @Override
    public boolean isHeld() {
        return super.isHeld() && !lost;
    }

    @Override
    public String toString() {
        return "queue " + queuePath + " on ZooKeeper " + settings.connect;
    }
}
