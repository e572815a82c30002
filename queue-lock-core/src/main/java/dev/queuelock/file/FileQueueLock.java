package dev.queuelock.file;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLockException;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.process.HolderTree;
import dev.queuelock.process.Liveness;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.spi.QueueLockSupport;
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
public final class FileQueueLock extends QueueLockSupport {

    /** Enrollment times are unique within this JVM, so two locks of one process never share a ticket. */
    private static final AtomicLong LAST_TS = new AtomicLong();

    private final QueueDirectory dir;
    private final TicketQueue tickets;
    private final LockFile lockFile;
    private final String lane;
    private final Duration pollInterval;
    private final long pid = ProcessHandle.current().pid();
    private final String start = ProcessStart.current();

    /** The ticket while enrolled. */
    private LockRecord ticket;
    /** The OS-locked ticket file while enrolled. */
    private HeldFile ticketFile;
    /** Where acquire() sleeps, so release() can wake it to give up. */
    private Wakeup wakeup;
    /** The watch of the last contended acquire, closed by its own thread off the hand-off path; release() makes sure. */
    private ChangeWaiter spentWatch;
    /** The lock record written by the take, until released. */
    private LockRecord taken;

    public FileQueueLock(QueueDirectory dir, String lane, Duration pollInterval) {
        super(dir.toString());
        this.dir = dir;
        this.tickets = new TicketQueue(dir.ticketsDir());
        this.lockFile = new LockFile(dir);
        this.lane = lane;
        this.pollInterval = pollInterval;
    }

    @Override
    protected void doAcquire(AcquireOptions options) throws InterruptedException {
        LockRecord mine = new LockRecord(pid, lane, options.label(),
                LAST_TS.updateAndGet(last -> Math.max(last + 1, System.currentTimeMillis())), start);
        synchronized (this) {
            ticket = mine;
        }
        boolean took = false;
        try {
            dir.prepare();
            waitAndTake(mine, options);
            took = true;
        } finally {
            if (!took) {
                tickets.withdraw(mine.ts(), mine.pid()); // by name: release() may have cleared the field
            }
        }
    }

    /** Holder and waiter are separate identities: the ticket goes once we hold (after the on-taken action). */
    @Override
    protected void afterTake() {
        withdrawTicket();
    }

    private void waitAndTake(LockRecord mine, AcquireOptions options) throws InterruptedException {
        String own = TicketQueue.nameOf(mine.ts(), mine.pid());
        // Made when a look first finds someone ahead: an uncontended acquire, the hot path of every
        // Maven session, starts no thread and opens no watch.
        ChangeWaiter changes = null;
        WaitTarget target = null;
        try {
            enroll(mine);
            WaitReporter reporter = new WaitReporter(options);
            LockRecord deadHolder = null; // the last holder seen dead, so a takeover says whose lock it was
            while (true) {
                checkWaiting();
                if (changes != null) {
                    changes.beginLook();
                }
                Optional<Participant> recorded = lockFile.holderEntry();
                Optional<Participant> holder = recorded.filter(h -> Liveness.isAlive(h.record()));
                deadHolder = recorded.isPresent() && holder.isEmpty() ? recorded.get().record() : holder.isPresent() ? null : deadHolder;
                TicketQueue.Position position = tickets.position(own, holder.map(Participant::record).orElse(null));
                int ahead = position.ahead();
                if (ahead < 0) {
                    enroll(mine); // vanished under us: back in at the original place, never ahead of it
                    continue;
                }
                if (ahead == 0 && recorded.isPresent() && holder.isEmpty()) {
                    lockFile.reclaimDead(recorded.get().record()); // not by a failed take: it would judge again
                    continue;
                }
                if (ahead == 0 && holder.isEmpty()) {
                    // Never earlier than the ticket's ts, so the ticket reads as enrolled before the take.
                    long now = Math.max(System.currentTimeMillis(), mine.ts());
                    LockRecord me = new LockRecord(pid, lane, mine.label().orElse(null), now, start);
                    LockFile.Take take = lockFile.tryTake(me);
                    if (take == LockFile.Take.TAKEN) {
                        synchronized (this) {
                            taken = me;
                        }
                        if (deadHolder != null) {
                            reporter.reportTakeover(deadHolder);
                        }
                        return;
                    }
                    if (take == LockFile.Take.RECLAIMED_DEAD) {
                        continue;
                    }
                    holder = lockFile.holderEntry();
                }
                if (changes == null) {
                    // Not watched yet: a kernel-covered sleep needs no watch for this look's sake,
                    // any other first resumes one and looks again (ChangeWaiter.await).
                    changes = ChangeWaiter.on(dir.path(), dir.ticketsDir());
                    target = new WaitTarget(changes.wakeup(), pid, pollInterval, changes::canWatch);
                    synchronized (this) {
                        wakeup = changes.wakeup();
                    }
                    HolderTree.prepare(); // while idle: judging a holder killed later must not load code
                }
                long now = System.currentTimeMillis();
                reporter.report(position.shownAhead(), holder.map(Participant::record).orElse(null), now);
                long sleep = target.arm(ahead == 0 ? holder.orElse(null) : position.predecessor());
                if (ahead == 0 && !target.kernelWaiting() && changes.watchLock()) {
                    continue; // look again, the lock watched: a release before the watch began is seen
                }
                if (holder.isPresent()) {
                    sleep = Math.min(sleep, reporter.millisUntilNextWarning(now));
                }
                changes.await(wakeFor(own, position), sleep, target.kernelWaiting());
            }
        } catch (IOException e) {
            throw new QueueLockException("queue " + dir + " is unusable: " + e + "; check that the directory is writable.", e);
        } finally {
            synchronized (this) {
                wakeup = null;
            }
            if (target != null) {
                target.close();
            }
            if (changes != null) {
                retire(changes, isTaken());
            }
        }
    }

    /** Closes a spent watch: later if the lock was just taken (the hand-off waits for nothing), else now. */
    private void retire(ChangeWaiter changes, boolean taken) {
        if (!taken) {
            changes.close();
            return;
        }
        changes.closeInBackground();
        ChangeWaiter older;
        synchronized (this) {
            older = spentWatch;
            spentWatch = changes;
        }
        if (older != null) {
            older.close();
        }
    }

    /** Enrolls, or re-enrolls after the ticket vanished, and keeps the OS lock of the newest ticket file. */
    private void enroll(LockRecord mine) throws IOException {
        HeldFile file = tickets.enroll(mine);
        HeldFile old;
        synchronized (this) {
            if (file == null) {
                return; // our name was there already: keep the lock we hold
            }
            old = ticketFile;
            ticketFile = file;
        }
        if (old != null) {
            old.close(); // the vanished file's inode: no waiter can find it by name any more
        }
    }

    private synchronized boolean isTaken() {
        return taken != null;
    }

    @Override
    protected void wakeWaiter() {
        Wakeup sleeper;
        synchronized (this) {
            sleeper = wakeup;
        }
        if (sleeper != null) {
            sleeper.now();
        }
    }

    @Override
    protected synchronized void doRelease() {
        LockRecord held = taken;
        taken = null;
        if (held != null) {
            try {
                lockFile.releaseIfMine(held);
            } catch (IOException | QueueLockException e) {
                // Unreadable now: the record names our pid, so the next waiter reclaims it once we exit.
            }
        }
        withdrawTicket();
        if (spentWatch != null) {
            spentWatch.close(); // closed by its own thread by now; this makes sure
            spentWatch = null;
        }
    }

    /** A take on a scratch queue beside this one ({@link TakeRehearsal}), once per JVM. */
    @Override
    public void warmUp() {
        TakeRehearsal.once(dir.path().getParent(), pid, start);
    }

    /** A lock file or any entry in {@code tickets/}: two system calls, no exceptions. */
    @Override
    public boolean looksBusy() {
        try {
            return lockFile.exists() || !tickets.isEmpty();
        } catch (IOException e) {
            return false; // only a hint: the wait itself will say what is wrong
        }
    }

    @Override
    public String lane() {
        return lane;
    }

    /**
     * The live holder and waiters, in queue order; dead entries are left out, not deleted. The
     * holder is never among the waiters, even when caught between taking the lock and withdrawing
     * its ticket ({@link HoldersTicket}), and no waiter is listed twice.
     */
    public static QueueSnapshot snapshot(QueueDirectory dir) {
        try {
            Optional<LockRecord> holder = new LockFile(dir).holder().filter(Liveness::isAlive);
            List<LockRecord> waiters = new ArrayList<>();
            for (TicketQueue.Ticket t : new TicketQueue(dir.ticketsDir()).live(false)) {
                if (holder.isEmpty() || !HoldersTicket.isHolders(holder.get(), t.record())) {
                    waiters.add(t.record());
                }
            }
            return new QueueSnapshot(dir.path(), holder.orElse(null), waiters);
        } catch (IOException e) {
            throw new QueueLockException("cannot read queue " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * What may let this waiter move up: the live ticket just ahead going away (or its own, to
     * re-enroll), and, once first in line, the lock going away. A ticket further ahead going only
     * changes what this waiter reports (its place, the holder): that wakes it a little later, once
     * per burst, off the hand-off's critical path. Anything else - tickets behind, temp files, a
     * lock taken - wakes nobody, so a hand-off wakes the next waiter, not the whole queue (as a
     * ZooKeeper lock recipe watches only its predecessor). A ticket appearing ahead (a waiter
     * re-enrolling after its ticket vanished) also changes only what is reported: every decision
     * re-reads the queue, so it is never overtaken.
     */
    private static ChangeWaiter.Relevance wakeFor(String own, TicketQueue.Position position) {
        String predecessor = position.predecessorName();
        return (inTickets, created, name) -> {
            if (created) {
                return TicketQueue.sortsBefore(name, own) ? ChangeWaiter.Wake.LATER : ChangeWaiter.Wake.NO;
            }
            if (!inTickets) {
                return predecessor == null && name.equals(QueueDirectory.LOCK_NAME)
                        ? ChangeWaiter.Wake.NOW : ChangeWaiter.Wake.NO;
            }
            if (name.equals(own) || name.equals(predecessor)) {
                return ChangeWaiter.Wake.NOW;
            }
            return TicketQueue.sortsBefore(name, own) ? ChangeWaiter.Wake.LATER : ChangeWaiter.Wake.NO;
        };
    }

    /** Deletes the ticket, then drops its OS lock (in that order: a woken successor finds it gone). */
    private synchronized void withdrawTicket() {
        LockRecord mine = ticket;
        ticket = null;
        if (mine != null) {
            tickets.withdraw(mine.ts(), mine.pid());
        }
        closeTicketFile();
    }

    private void closeTicketFile() {
        HeldFile file;
        synchronized (this) {
            file = ticketFile;
            ticketFile = null;
        }
        if (file != null) {
            file.close();
        }
    }
}
