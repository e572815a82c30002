package dev.queuelock.zookeeper;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.spi.ReleaseAtExit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.zookeeper.KeeperException;

/**
 * The queue lock on ZooKeeper: Curator's {@link InterProcessMutex} (a fair FIFO mutex: each waiter
 * watches only the node just ahead of it) with a {@link TicketDriver} that puts this process's
 * {@link Ticket} in its node, one ZooKeeper session per acquire. A holder that dies is replaced
 * once its session expires ({@code sessionTimeout}); releasing closes the session, which removes
 * the node at once from any thread (the recipe's own release works only on the acquiring thread).
 *
 * <p>A holder whose connection is suspended or whose session is lost no longer counts as holding
 * ({@link #isHeld()} turns false for the rest of that hold, even if the session survives): from
 * then on another holder may exist, so callers check {@code isHeld()} before an irreversible step.
 */
public final class ZooKeeperQueueLock implements QueueLock {

    private final ZooKeeperSettings settings;
    private final String queuePath;
    private final String lane;
    private final ReleaseAtExit releaseAtExit;

    /** The session of the current acquire or hold; guarded by this. */
    private CuratorFramework client;
    private boolean acquiring;
    private volatile boolean holding;
    /** The connection was suspended or the session lost since the hold (or the last look at our node) began. */
    private volatile boolean lost;
    /** Set by release() during acquire(): the waiter gives up instead of taking the lock later. */
    private volatile boolean abandoned;

    ZooKeeperQueueLock(ZooKeeperSettings settings, String queuePath, String lane) {
        this.settings = settings;
        this.queuePath = queuePath;
        this.lane = lane;
        this.releaseAtExit = new ReleaseAtExit("queue-lock release " + queuePath, this::release);
    }

    @Override
    public void acquire(AcquireOptions options) throws InterruptedException {
        synchronized (this) {
            if (acquiring || holding) {
                throw new IllegalStateException("this lock is already held or being acquired: " + queuePath);
            }
            acquiring = true;
            abandoned = false;
        }
        CuratorFramework opened = null;
        boolean acquired = false;
        try {
            opened = ZooKeeperConnection.open(settings);
            synchronized (this) {
                client = opened;
            }
            checkWaiting();
            if (options.releaseAtExit()) {
                releaseAtExit.install();
            }
            opened.getConnectionStateListenable().addListener((c, state) -> stateChanged(state));
            take(opened, options);
            synchronized (this) {
                checkWaiting();
                holding = true;
                acquired = true;
            }
        } catch (InterruptedException e) {
            // The recipe sets the flag again as it leaves; cleared, so the session below closes cleanly.
            Thread.interrupted();
            throw e;
        } catch (QueueLockException e) {
            throw e;
        } catch (Exception e) {
            checkWaiting();
            throw ZooKeeperConnection.failed(settings, "waiting in queue " + queuePath, e);
        } finally {
            synchronized (this) {
                acquiring = false;
            }
            if (!acquired) {
                closeSession(opened);
            }
        }
    }

    /** Waits in the recipe's line and takes the lock; enrolls again if the session expired and took the node. */
    private void take(CuratorFramework session, AcquireOptions options) throws Exception {
        while (true) {
            checkWaiting();
            TicketDriver driver = new TicketDriver(() -> Ticket.mine(lane, options.label(), false).bytes());
            InterProcessMutex mutex = new InterProcessMutex(session, queuePath, driver);
            try (PositionReporter reporter = new PositionReporter(session, mutex, driver, options, queuePath)) {
                mutex.acquire();
            }
            if (markHeld(session, driver.node(), options.label())) {
                return;
            }
        }
    }

    /**
     * Rewrites our node's ticket as held, stamped now (waiters measure the hold from then), and
     * checks that the connection did not waver meanwhile: a node that stood through a write with no
     * suspension was first in line on a live session. False if the session expired and took the node.
     */
    private boolean markHeld(CuratorFramework session, String node, String label) throws Exception {
        while (true) {
            checkWaiting();
            lost = false;
            try {
                session.setData().forPath(node, Ticket.mine(lane, label, true).bytes());
            } catch (KeeperException.NoNodeException e) {
                return false;
            }
            if (!lost) {
                return true;
            }
        }
    }

    private void checkWaiting() throws InterruptedException {
        if (Thread.interrupted() || abandoned) {
            throw new InterruptedException((abandoned ? "released" : "interrupted") + " while waiting for " + queuePath);
        }
    }

    private void stateChanged(ConnectionState state) {
        if (state == ConnectionState.SUSPENDED || state == ConnectionState.LOST) {
            lost = true;
        }
    }

    @Override
    public void release() {
        synchronized (this) {
            if (acquiring) {
                abandoned = true;
            }
            holding = false;
        }
        closeSession(null);
    }

    /** Closing the session removes our node at once, held or waiting: ephemeral nodes end with it. */
    private void closeSession(CuratorFramework opened) {
        CuratorFramework toClose;
        synchronized (this) {
            toClose = client;
            client = null;
        }
        if (toClose != null) {
            toClose.close();
        } else if (opened != null) {
            opened.close();
        }
        releaseAtExit.remove();
    }

    @Override
    public String lane() {
        return lane;
    }

    /** Held, and the connection has not been suspended nor the session lost since it was taken. */
    @Override
    public boolean isHeld() {
        return holding && !lost;
    }

    @Override
    public String toString() {
        return "queue " + queuePath + " on ZooKeeper " + settings.connect;
    }
}
