package dev.queuelock.file;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.process.Liveness;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.spi.ReleaseAtExit;
import dev.queuelock.spi.WaitReporter;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The queue lock over a {@link QueueDirectory}: enroll a ticket, wait until it is the oldest live
 * one and the lock is free, take the lock, withdraw the ticket (holder and waiter are separate
 * identities).
 */
public final class FileQueueLock implements QueueLock {

    /** Enrollment times are unique within this JVM, so two locks of one process never share a ticket. */
    private static final AtomicLong LAST_TS = new AtomicLong();

    private final QueueDirectory dir;
    private final TicketQueue tickets;
    private final LockFile lockFile;
    private final String lane;
    private final Duration pollInterval;
    private final long pid = ProcessHandle.current().pid();
    private final String start = ProcessStart.current();

    private volatile LockRecord ticket;
    private volatile LockRecord holding;
    /** Set by release() during acquire(): the waiter gives up instead of taking the lock later. */
    private volatile boolean abandoned;
    private final ReleaseAtExit releaseAtExit;

    public FileQueueLock(QueueDirectory dir, String lane, Duration pollInterval) {
        this.dir = dir;
        this.releaseAtExit = new ReleaseAtExit("queue-lock release " + dir.path().getFileName(), this::release);
        this.tickets = new TicketQueue(dir.ticketsDir());
        this.lockFile = new LockFile(dir);
        this.lane = lane;
        this.pollInterval = pollInterval;
    }

    @Override
    public void acquire(AcquireOptions options) throws InterruptedException {
        String label = options.label();
        LockRecord mine = new LockRecord(pid, lane, label,
                LAST_TS.updateAndGet(last -> Math.max(last + 1, System.currentTimeMillis())), start);
        synchronized (this) {
            if (holding != null || ticket != null) {
                throw new IllegalStateException("this lock is already held or being acquired: " + dir);
            }
            ticket = mine;
            abandoned = false;
        }
        boolean acquired = false;
        try {
            dir.prepare();
            if (options.releaseAtExit()) {
                installShutdownHook();
            }
            acquired = waitAndTake(mine, options);
        } finally {
            // Holder and waiter are separate identities: the ticket goes whether we hold or gave up.
            synchronized (this) {
                if (ticket == mine) {
                    ticket = null;
                }
            }
            tickets.withdraw(mine.ts(), mine.pid());
            if (!acquired) {
                removeShutdownHook();
            }
        }
    }

    private boolean waitAndTake(LockRecord mine, AcquireOptions options) throws InterruptedException {
        try (ChangeWaiter changes = ChangeWaiter.watching(pollInterval, dir.path(), dir.ticketsDir())) {
            tickets.enroll(mine);
            WaitReporter reporter = new WaitReporter(options);
            LockRecord deadHolder = null; // the last holder seen dead, so a takeover says whose lock it was
            while (true) {
                if (Thread.interrupted() || abandoned) {
                    throw new InterruptedException((abandoned ? "released" : "interrupted") + " while waiting for " + dir);
                }
                Optional<LockRecord> recorded = lockFile.holder();
                Optional<LockRecord> holder = recorded.filter(Liveness::isAlive);
                deadHolder = recorded.isPresent() && holder.isEmpty() ? recorded.get() : holder.isPresent() ? null : deadHolder;
                TicketQueue.Position position = tickets.position(TicketQueue.nameOf(mine.ts(), mine.pid()));
                int ahead = position.ahead();
                if (ahead < 0) {
                    tickets.enroll(mine); // vanished under us: back in at the original place, never ahead of it
                    continue;
                }
                if (ahead == 0 && holder.isEmpty()) {
                    LockRecord me = new LockRecord(pid, lane, mine.label().orElse(null), System.currentTimeMillis(), start);
                    LockFile.Take take = lockFile.tryTake(me);
                    if (take == LockFile.Take.TAKEN) {
                        if (deadHolder != null) {
                            reporter.reportTakeover(deadHolder);
                        }
                        return holdUnlessAbandoned(me);
                    }
                    if (take == LockFile.Take.RECLAIMED_DEAD) {
                        continue;
                    }
                    holder = lockFile.holder();
                }
                reporter.report(ahead, holder.orElse(null), System.currentTimeMillis());
                changes.await(wakeFor(mine, position));
            }
        } catch (IOException e) {
            throw new QueueLockException("queue " + dir + " is unusable: " + e + "; check that the directory is writable.", e);
        }
    }

    /** Takes up the lock just taken, unless release() gave up the wait in the meantime. */
    private boolean holdUnlessAbandoned(LockRecord me) throws IOException, InterruptedException {
        synchronized (this) {
            if (!abandoned) {
                holding = me;
                return true;
            }
        }
        lockFile.releaseIfMine(me);
        throw new InterruptedException("released while waiting for " + dir);
    }

    @Override
    public synchronized void release() {
        if (ticket != null && holding == null) {
            abandoned = true;
        }
        LockRecord held = holding;
        holding = null;
        if (held != null) {
            try {
                lockFile.releaseIfMine(held);
            } catch (IOException | QueueLockException e) {
                // Unreadable now: the record names our pid, so the next waiter reclaims it once we exit.
            }
        }
        withdrawTicket();
        removeShutdownHook();
    }

    @Override
    public String lane() {
        return lane;
    }

    @Override
    public boolean isHeld() {
        return holding != null;
    }

    /** The live holder and waiters, in queue order; dead entries are left out, not deleted. */
    public static QueueSnapshot snapshot(QueueDirectory dir) {
        try {
            Optional<LockRecord> holder = new LockFile(dir).holder().filter(Liveness::isAlive);
            List<LockRecord> waiters = new ArrayList<>();
            for (TicketQueue.Ticket t : new TicketQueue(dir.ticketsDir()).live(false)) {
                waiters.add(t.record());
            }
            return new QueueSnapshot(dir.path(), holder.orElse(null), waiters);
        } catch (IOException e) {
            throw new QueueLockException("cannot read queue " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * What may let this waiter move up: the live ticket just ahead going away (or its own, to
     * re-enroll), and, once first in line, the lock going away. Anything else - tickets behind,
     * temp files, a lock taken - wakes nobody, so a hand-off wakes the next waiter, not the whole
     * queue (as a ZooKeeper lock recipe watches only its predecessor). Waiters further back learn
     * their new place, and notice a dead ticket ahead, at their fallback poll.
     */
    private static ChangeWaiter.Relevance wakeFor(LockRecord mine, TicketQueue.Position position) {
        String own = TicketQueue.nameOf(mine.ts(), mine.pid());
        String predecessor = position.predecessor();
        return (inTickets, name) -> inTickets
                ? name.equals(own) || name.equals(predecessor)
                : predecessor == null && name.equals(QueueDirectory.LOCK_NAME);
    }

    private synchronized void withdrawTicket() {
        LockRecord mine = ticket;
        ticket = null;
        if (mine != null) {
            tickets.withdraw(mine.ts(), mine.pid());
        }
    }

    private void installShutdownHook() {
        releaseAtExit.install();
    }

    private void removeShutdownHook() {
        releaseAtExit.remove();
    }
}
