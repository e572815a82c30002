package dev.queuelock.file;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Decides what wakes a waiter between its looks at the queue, and sets its {@link Wakeup} when it
 * comes: when what its {@link Turn} waits for may have happened:
 *
 * <ul>
 *   <li>a participant waited on (the ticket ahead, or any slot's holder) lets go: if it OS-locks its file, the kernel grants the shared
 *       lock requested on it ({@link KernelWait}) when it withdraws, releases or dies, however;</li>
 *   <li>a change the turn says matters ({@link Turn#wakeFor}), from file events ({@link FileWatch});</li>
 *   <li>{@link #wakeNow()}, or the caller's limit (the next stuck-holder warning);</li>
 *   <li>the fallback poll, for a participant without an OS lock (the npm tool) or without file events.</li>
 * </ul>
 *
 * <p>Cheap when short, as most waits are: the file watch opens only when a look needs it. A waiter
 * the kernel will wake for its turn needs file events only to update what it reports, so it sleeps
 * unwatched, or pauses its watch after one change, and looks again within the report delay
 * instead of being woken by every enrollment and hand-off in the queue.
 */
final class Sleeper implements FileWatch.Listener, AutoCloseable {

    static final long FOREVER = Long.MAX_VALUE;
    /** How late a waiter updates what it reports after a change that cannot move it up. */
    static final long REPORT_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    /** More changes than this during one look: treat it as "anything may have happened". */
    private static final int MAX_RECENT = 4096;

    private final Wakeup wakeup = new Wakeup();
    private final FileWatch watch;
    private final ParticipantWaits participants;

    /** Changes since the current look began, judged again by the turn of the sleep that follows. */
    private final List<Change> recent = new ArrayList<>();
    private boolean overflow;
    /** The turn being slept on; null while the waiter looks (changes are then only recorded). */
    private Turn sleeping;
    /** Whether a kernel wait covers the current sleep, so the watch may pause after a change. */
    private boolean pausable;
    /** Whether the last sleep ended by a signal (a kernel grant, a relevant change), not a timer. */
    private boolean signalled;

    Sleeper(QueueDirectory dir, long selfPid, Duration poll) {
        this.watch = new FileWatch(dir.path(), dir.ticketsDir(), this);
        this.participants = new ParticipantWaits(watch, wakeup, selfPid, Math.max(1, poll.toMillis()));
    }

    /**
     * Call as a look begins: what happened before is what the look will see. A paused watch resumes
     * first, so no change after the look's reading goes unseen - unless the waiter was signalled
     * (its turn may have come): then the look goes first, and the watch resumes only if it is to
     * sleep again, as resuming costs a round trip to the JDK's watch thread that a take would wait for.
     */
    synchronized void beginLook() {
        recent.clear();
        overflow = false;
        sleeping = null;
        wakeup.clear();
        if (!signalled && !watch.resume()) {
            wakeup.within(REPORT_DELAY_NANOS); // e.g. tickets/ removed under us: the look re-enrolls
        }
    }

    /**
     * Sleeps on a {@link Turn.Step#WAIT} turn, at most {@code maxMillis}; may return at once when
     * the waiter must look again first (a watch just began).
     */
    void sleep(Turn turn, long maxMillis) throws IOException, InterruptedException {
        long sleep = arm(turn.waitedOn());
        boolean covered = kernelWaiting();
        if (turn.firstInLine() && !covered && watch.watchLock()) {
            return; // look again, the lock watched: a release before the watch began is seen
        }
        await(turn, Math.min(sleep, maxMillis), covered);
    }

    /**
     * Sleeps until a change since {@link #beginLook()} that matters to {@code turn}, a signal, or
     * the timeout. A paused (or unopened) watch stays paused for a kernel-covered sleeper, which
     * looks again within the report delay anyway; any other sleeper resumes it and returns at
     * once, to look once more, now watched.
     */
    void await(Turn turn, long timeoutMillis, boolean kernelCovered) throws InterruptedException {
        synchronized (this) {
            if (watch.isPaused()) {
                if (kernelCovered) {
                    wakeup.within(REPORT_DELAY_NANOS);
                } else {
                    boolean resumed = watch.resume();
                    signalled = false;
                    if (!resumed) {
                        wakeup.within(REPORT_DELAY_NANOS);
                    } else if (!watch.isPaused()) {
                        return;
                    }
                }
            }
            sleeping = turn;
            pausable = kernelCovered;
            if (overflow) {
                wakeup.now();
            }
            for (Change change : recent) {
                react(turn.wakeFor(change.inTickets, change.created, change.name));
            }
        }
        boolean bySignal = wakeup.await(timeoutMillis);
        synchronized (this) {
            signalled = bySignal;
        }
    }

    /** Waits on {@code target} alone from now on: {@link #arm(List)} of one. */
    long arm(Ticket target) throws IOException {
        return arm(List.of(target));
    }

    /** See {@link ParticipantWaits#arm}. */
    long arm(List<Ticket> targets) throws IOException {
        return participants.arm(targets);
    }

    /** Whether the kernel will wake the waiter when any participant it waits on goes (none has yet). */
    boolean kernelWaiting() {
        return participants.covered();
    }

    /** Whether file events of {@code tickets/} are paused (or not yet open) until the next look. */
    boolean isPaused() {
        return watch.isPaused();
    }

    /** Ends the current (or next) sleep at once: release() giving the wait up. */
    void wakeNow() {
        wakeup.now();
    }

    @Override
    public synchronized void changed(boolean inTickets, boolean created, String name) {
        if (recent.size() >= MAX_RECENT) {
            overflowed();
            return;
        }
        recent.add(new Change(inTickets, created, name));
        if (sleeping != null) {
            react(sleeping.wakeFor(inTickets, created, name));
        }
    }

    @Override
    public synchronized void overflowed() {
        overflow = true;
        wakeup.now();
    }

    private void react(Turn.Wake wake) {
        if (wake == Turn.Wake.NOW) {
            wakeup.now();
        } else if (pausable) {
            watch.pause(); // see the class comment: covered by the kernel, it looks again soon
            wakeup.within(REPORT_DELAY_NANOS);
        } else if (wake == Turn.Wake.LATER) {
            wakeup.within(REPORT_DELAY_NANOS);
        }
    }

    /**
     * For a waiter that just took the lock: the file watch closes on its own thread, as closing
     * waits out a kernel grace period the hand-off must not wait for, and ends the kernel waits on
     * the other holders there too (with several slots, about 1 ms the hand-off need not spend
     * either). {@link #close()} stays the safety net.
     */
    void closeInBackground() {
        watch.closeInBackground();
    }

    @Override
    public void retiring() {
        participants.stop();
    }

    @Override
    public void close() {
        participants.stop();
        watch.close();
    }

    private static final class Change {
        final boolean inTickets;
        final boolean created;
        final String name;

        Change(boolean inTickets, boolean created, String name) {
            this.inTickets = inTickets;
            this.created = created;
            this.name = name;
        }
    }
}
