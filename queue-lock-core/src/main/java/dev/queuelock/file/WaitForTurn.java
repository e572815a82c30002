package dev.queuelock.file;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.process.HolderTree;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.WaitReporter;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * One acquire's wait for its turn, in one loop (as Curator's {@code LockInternals} waits): look at
 * the queue, decide ({@link Turn}), act and look again, or report the place and sleep until a
 * participant waited on goes (the kernel grants the OS lock on its file: {@link ExitWaits}), a change
 * the turn says matters ({@link Turn#wakeFor}; the kernel's file events: {@link FileWatch}),
 * release() gives the wait up, the next stuck-holder warning, or the poll (the npm tool's holder).
 *
 * <p>Cheap when short, as most waits are: nothing the sleep uses is made until someone is ahead (an
 * uncontended acquire, on every build's hot path, starts no thread). A waiter the kernel will wake for
 * its turn needs file events only to update what it reports: it sleeps unwatched, or pauses its
 * watch after one change, and looks again within the report delay, not at every hand-off.
 */
final class WaitForTurn implements AutoCloseable {

    static final long FOREVER = Long.MAX_VALUE;
    private static final int MAX_RECENT = 4096; // more changes during one look: anything may have happened

    private final FileQueueLock lock;
    /** What the sleep uses, made on first need ({@link #readySleep()}): its alarm and two kernel wake-ups. */
    private Wakeup wakeup;
    private ExitWaits exits;
    private FileWatch watch;
    /** Deletions in {@code tickets/} (only what goes moves a waiter up), creations (a re-enrollment ahead sets it back). */
    private FileWatch.Dir tickets;
    /** Deletions in the queue directory: the lock's going, watched only when nothing else would wake a waiter first in line (else every hand-off wakes all). */
    private FileWatch.Dir entries;
    /** Changes since the current look began ({@code t}/{@code q}: in tickets/ or not, {@code +}/{@code -}, the name), or overflowed. */
    private final List<String> recent = new ArrayList<>();
    private boolean overflow;
    /** The turn being slept on; null while the waiter looks (changes are then only recorded). */
    private Turn sleeping;
    private boolean pausable; // a kernel wait covers the current sleep, so the watch may pause after a change
    /** Whether the last sleep ended by a signal (a kernel grant, a relevant change), not a timer. */
    private boolean signalled;

    WaitForTurn(FileQueueLock lock) {
        this.lock = lock;
    }

    /** Waits for the turn of {@code own}'s ticket and takes a slot: returns holding it. */
    void run(Enrollment own, LockRecord mine, int slots, AcquireOptions options) throws IOException, InterruptedException {
        WaitReporter reporter = new WaitReporter(options, slots, lock.slotCount, lock.queue);
        SlotsInHand auto = lock.slotCount.auto() ? new SlotsInHand(lock.slotCount, lock.slotFiles, slots) : null;
        LockRecord deadHolder = null; // the holder just reclaimed, so a take-over says whose slot it was
        own.enroll();
        while (true) {
            beginLook(); // forgets the signals it had, release()'s wake-up among them: checked after
            lock.stillWaiting();
            QueueLook look = QueueLook.read(lock.slotFiles, lock.tickets, own.ticket(), slots);
            Turn turn = Turn.decide(look);
            if (auto != null && auto.changed(turn)) {
                slots = auto.slots();
                mine = mine.withSlots(slots, true);
                reporter.slotsNow(slots);
                continue;
            }
            switch (turn.step()) {
                case REENROLL:
                    own.enroll(); // back in at the original place, never ahead of it
                    break;
                case REMOVE_DEAD_TICKET:
                    lock.tickets.remove(turn.subject());
                    break;
                case RECLAIM_DEAD_LOCK:
                    deadHolder = turn.subject().record();
                    lock.slotFiles.slot(turn.slot()).reclaimDead(deadHolder); // not by a take: it would judge again
                    break;
                case TAKE:
                    if (lock.take(lock.slotFiles.slot(turn.slot()), mine)) {
                        if (deadHolder != null) {
                            reporter.reportTakeover(deadHolder);
                        }
                        return;
                    }
                    break; // taken or reclaimed under us: look again
                default:
                    deadHolder = null;
                    readySleep();
                    lock.stillWaiting(); // a release() before the sleep was ready could not wake it
                    long now = System.currentTimeMillis();
                    List<LockRecord> holders = look.liveHolders();
                    reporter.report(look.shownAhead(), holders, look.holderEnded(), now);
                    long sleep = holders.isEmpty() ? FOREVER : reporter.millisUntilNextWarning(now);
                    sleep(turn, auto == null ? sleep : auto.sleepAtMost(turn, sleep));
            }
        }
    }

    /** Makes what the sleep uses, once: when a look first finds someone ahead. */
    void readySleep() {
        synchronized (this) {
            if (wakeup != null) {
                return;
            }
            wakeup = new Wakeup();
            watch = new FileWatch(lock.dir.path(), "queue-lock file events", new Changes());
            tickets = watch.dir(lock.dir.ticketsDir(), StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_CREATE);
            entries = watch.dir(lock.dir.path(), StandardWatchEventKinds.ENTRY_DELETE);
            exits = new ExitWaits(watch, wakeup, lock.pid, Math.max(1, lock.pollInterval.toMillis()));
        }
        HolderTree.prepare(); // while idle: judging a holder killed later must not load code
    }

    /**
     * As a look begins: what happened before is what it will see. A paused watch resumes first, so no
     * change after the look's reading goes unseen - unless the waiter was signalled (its turn may have
     * come): a take must not wait for the round trip to the JDK's watch thread resuming costs.
     */
    synchronized void beginLook() {
        if (wakeup == null) {
            return; // nothing to forget yet
        }
        recent.clear();
        overflow = false;
        sleeping = null;
        wakeup.clear();
        if (!signalled && !tickets.resume()) {
            wakeup.soon(); // e.g. tickets/ removed under us: the look re-enrolls
        }
    }

    /** Sleeps on a WAIT turn, at most {@code maxMillis}; may return at once when the waiter must look again first. */
    void sleep(Turn turn, long maxMillis) throws IOException, InterruptedException {
        long sleep = exits.arm(turn.waitedOn());
        boolean covered = exits.covered();
        if (turn.firstInLine() && !covered && entries.start()) {
            return; // look again, the lock watched: a release before the watch began is seen
        }
        await(turn, Math.min(sleep, maxMillis), covered);
    }

    /**
     * Sleeps until a change since {@link #beginLook()} that matters to {@code turn}, a signal, or the
     * timeout. A paused (or unopened) watch stays so for a kernel-covered sleeper, which looks again
     * within the report delay; any other resumes it and returns at once, to look again watched.
     */
    void await(Turn turn, long timeoutMillis, boolean kernelCovered) throws InterruptedException {
        synchronized (this) {
            if (tickets.isPaused()) {
                boolean resumed = !kernelCovered && tickets.resume();
                signalled &= kernelCovered;
                if (resumed && !tickets.isPaused()) {
                    return;
                } else if (!resumed) {
                    wakeup.soon();
                }
            }
            sleeping = turn;
            pausable = kernelCovered;
            if (overflow) {
                wakeup.now();
            }
            for (String change : recent) {
                react(turn.wakeFor(change.charAt(0) == 't', change.charAt(1) == '+', change.substring(2)));
            }
        }
        boolean bySignal = wakeup.await(timeoutMillis);
        synchronized (this) {
            signalled = bySignal;
        }
    }

    /** Ends the current (or next) sleep at once: release() giving the wait up. */
    synchronized void wakeNow() {
        if (wakeup != null) {
            wakeup.now();
        }
    }

    private void react(Turn.Wake wake) {
        if (wake == Turn.Wake.NOW) {
            wakeup.now();
        } else if (pausable) {
            tickets.pause(); // see the class comment: covered by the kernel, it looks again soon
            wakeup.soon();
        } else if (wake == Turn.Wake.LATER) {
            wakeup.soon();
        }
    }

    /**
     * For a waiter that just took the lock: the watch closes on its own thread (closing waits out a
     * kernel grace period), and ends the kernel waits on other holders there (about 1 ms with several
     * slots): the hand-off waits for neither. {@link #close()} stays the safety net.
     */
    void closeInBackground() {
        if (ticketsWatch() != null) {
            watch.closeInBackground();
        }
    }

    @Override
    public void close() {
        if (ticketsWatch() != null) {
            exits.stop();
            watch.close();
        }
    }

    /** The file watch's listener: a class of its own, as verifying this one would load the interface, uncontended. */
    private final class Changes implements FileWatch.Listener {
        @Override
        public void changed(Path dir, WatchEvent.Kind<?> kind, String name) {
            boolean inTickets = !dir.equals(lock.dir.path());
            boolean created = kind == StandardWatchEventKinds.ENTRY_CREATE;
            synchronized (WaitForTurn.this) {
                if (recent.size() >= MAX_RECENT) {
                    overflowed();
                    return;
                }
                recent.add((inTickets ? "t" : "q") + (created ? "+" : "-") + name);
                if (sleeping != null) {
                    react(sleeping.wakeFor(inTickets, created, name));
                }
            }
        }

        @Override
        public void overflowed() {
            synchronized (WaitForTurn.this) {
                overflow = true;
                wakeup.now();
            }
        }

        @Override
        public void retiring() {
            exits.stop();
        }
    }

    /** The watch of {@code tickets/}, once the sleep is ready; else null. */
    synchronized FileWatch.Dir ticketsWatch() {
        return tickets;
    }
}
