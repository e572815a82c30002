package dev.queuelock.zookeeper;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.spi.ReleaseAtExit;
import dev.queuelock.spi.WaitReporter;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;

/**
 * The queue lock on ZooKeeper: a fair FIFO mutex over a {@link TicketLine}, one ZooKeeper session
 * per acquire. Each waiter watches only the ticket just ahead of it (no herd); the first ticket
 * holds. A holder that dies is replaced once its session expires ({@code sessionTimeout}).
 *
 * <p>A holder whose connection is suspended or whose session is lost no longer counts as holding
 * ({@link #isHeld()} turns false for the rest of that hold, even if the session survives): from
 * then on another holder may exist, so callers check {@code isHeld()} before an irreversible step.
 */
public final class ZooKeeperQueueLock implements QueueLock {

    /** Waiters watch only their predecessor, so positions further ahead are re-read this often. */
    static final long REFRESH_MILLIS = 1000;

    private final ZooKeeperSettings settings;
    private final String queuePath;
    private final String lane;
    private final Object wakeUp = new Object();
    private final Watcher predecessorWatcher = event -> wake();

    private CuratorFramework client;
    private volatile String ticket;
    private volatile String holding;
    /** The connection was suspended or the session lost since the hold (or the last look at the line) began. */
    private volatile boolean lost;
    /** Set by release() during acquire(): the waiter gives up instead of taking the lock later. */
    private volatile boolean abandoned;
    private final ReleaseAtExit releaseAtExit;

    ZooKeeperQueueLock(ZooKeeperSettings settings, String queuePath, String lane) {
        this.settings = settings;
        this.queuePath = queuePath;
        this.releaseAtExit = new ReleaseAtExit("queue-lock release " + queuePath, this::release);
        this.lane = lane;
    }

    @Override
    public void acquire(AcquireOptions options) throws InterruptedException {
        synchronized (this) {
            if (client != null || holding != null) {
                throw new IllegalStateException("this lock is already held or being acquired: " + queuePath);
            }
            abandoned = false;
        }
        CuratorFramework opened = ZooKeeperConnection.open(settings);
        boolean acquired = false;
        try {
            synchronized (this) {
                client = opened;
                if (abandoned) {
                    throw new InterruptedException("released while connecting to " + settings.connect);
                }
            }
            if (options.releaseAtExit()) {
                installShutdownHook();
            }
            opened.getConnectionStateListenable().addListener((c, state) -> stateChanged(state));
            acquired = waitForTurn(new TicketLine(opened, queuePath), options);
            return;
        } catch (InterruptedException | QueueLockException e) {
            throw e;
        } catch (Exception e) {
            if (abandoned) {
                throw new InterruptedException("released while waiting for " + queuePath);
            }
            throw ZooKeeperConnection.failed(settings, "waiting in queue " + queuePath, e);
        } finally {
            if (!acquired) {
                closeSession(opened);
            }
        }
    }

    private boolean waitForTurn(TicketLine line, AcquireOptions options) throws Exception {
        WaitReporter reporter = new WaitReporter(options);
        String label = options.label();
        String node = null;
        while (true) {
            if (Thread.interrupted() || abandoned) {
                throw new InterruptedException((abandoned ? "released" : "interrupted") + " while waiting for " + queuePath);
            }
            lost = false;
            if (node == null) {
                node = line.enroll(record(label));
                ticket = node;
            }
            List<String> names = line.names();
            int index = names.indexOf(TicketLine.nameOf(node));
            if (index < 0) {
                node = null; // the session expired under us and took the ticket: enroll again, at the back
                continue;
            }
            if (index == 0) {
                try {
                    line.markHeld(node, record(label));
                } catch (KeeperException.NoNodeException e) {
                    node = null;
                    continue;
                }
                synchronized (this) {
                    if (abandoned) {
                        throw new InterruptedException("released while waiting for " + queuePath);
                    }
                    if (!lost) { // else the connection wavered while taking it: look again
                        holding = node;
                        return true;
                    }
                }
                continue;
            }
            report(reporter, index - 1, line.read(names.get(0)).orElse(null), System.currentTimeMillis());
            synchronized (wakeUp) {
                if (line.watch(names.get(index - 1), predecessorWatcher)) {
                    wakeUp.wait(Math.min(REFRESH_MILLIS, reporter.millisUntilNextWarning(System.currentTimeMillis())));
                }
            }
        }
    }

    private LockRecord record(String label) {
        return new LockRecord(ProcessHandle.current().pid(), lane, label, System.currentTimeMillis(), null, TicketCodec.HOST);
    }

    private void stateChanged(ConnectionState state) {
        if (state == ConnectionState.SUSPENDED || state == ConnectionState.LOST) {
            lost = true;
        }
        wake();
    }

    private void wake() {
        synchronized (wakeUp) {
            wakeUp.notifyAll();
        }
    }

    @Override
    public void release() {
        CuratorFramework toClose;
        synchronized (this) {
            if (holding == null) {
                abandoned = true;
            }
            holding = null;
            ticket = null;
            toClose = client;
            client = null;
        }
        // Closing the session removes our ticket at once, held or waiting: ephemeral nodes end with it.
        if (toClose != null) {
            toClose.close();
        }
        wake();
        removeShutdownHook();
    }

    private void closeSession(CuratorFramework opened) {
        synchronized (this) {
            if (client == opened) {
                client = null;
            }
            ticket = null;
        }
        opened.close();
        removeShutdownHook();
    }

    /**
     * A ticket not yet marked held is being taken this very moment: nothing held for long. The
     * holding is told apart by its ticket's name.
     */
    private static void report(WaitReporter reporter, int ahead, TicketLine.Ticket holder, long nowMillis) {
        LockRecord record = holder == null ? null : holder.record;
        long heldSince = holder == null || !holder.marked || record == null ? nowMillis : record.ts();
        reporter.report(ahead, holder == null ? null : holder.name, record, heldSince, nowMillis);
    }

    @Override
    public String lane() {
        return lane;
    }

    /** Held, and the connection has not been suspended nor the session lost since it was taken. */
    @Override
    public boolean isHeld() {
        return holding != null && !lost;
    }

    /** The ticket this lock waits or holds with (a znode path), for tests and diagnostics. */
    String ticket() {
        return ticket;
    }

    /** The client of the current acquire or hold, for tests that need to know its server. */
    synchronized CuratorFramework client() {
        return client;
    }

    private void installShutdownHook() {
        releaseAtExit.install();
    }

    private void removeShutdownHook() {
        releaseAtExit.remove();
    }

    @Override
    public String toString() {
        return "queue " + queuePath + " on ZooKeeper " + settings.connect;
    }
}
