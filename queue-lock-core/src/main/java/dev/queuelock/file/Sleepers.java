package dev.queuelock.file;

import dev.queuelock.process.HolderTree;
import java.time.Duration;

/**
 * The sleepers of one {@link FileQueueLock}: the one its acquire waits in, made when a look first
 * finds someone ahead (an uncontended acquire, the hot path of every Maven session, starts no
 * thread and opens no watch), and the one of the last contended acquire, closed by its own thread
 * off the hand-off path and made sure of at release.
 */
final class Sleepers {

    private final QueueDirectory dir;
    private final long pid;
    private final Duration pollInterval;
    /** Where acquire() sleeps, so release() can wake it to give up; null until someone is ahead. */
    private Sleeper waiting;
    /** The sleeper of the last contended acquire that took the lock. */
    private Sleeper spent;

    Sleepers(QueueDirectory dir, long pid, Duration pollInterval) {
        this.dir = dir;
        this.pid = pid;
        this.pollInterval = pollInterval;
    }

    /** The sleeper to wait in, made on first need. */
    Sleeper forWait() {
        Sleeper current;
        boolean created = false;
        synchronized (this) {
            if (waiting == null) {
                waiting = new Sleeper(dir, pid, pollInterval);
                created = true;
            }
            current = waiting;
        }
        if (created) {
            HolderTree.prepare(); // while idle: judging a holder killed later must not load code
        }
        return current;
    }

    /** A look begins: the sleeper (if any) forgets the signals it had, release()'s wake-up among them. */
    void beginLook() {
        Sleeper current = waiting();
        if (current != null) {
            current.beginLook();
        }
    }

    /** Wakes the waiting acquire, if it sleeps, so it looks again now. */
    void wakeNow() {
        Sleeper current = waiting();
        if (current != null) {
            current.wakeNow();
        }
    }

    /** Ends the wait's sleeper: later if the lock was just taken (the hand-off waits for nothing), else now. */
    void retire(boolean took) {
        Sleeper ended;
        Sleeper older = null;
        synchronized (this) {
            ended = waiting;
            waiting = null;
            if (took) {
                older = spent;
                spent = ended;
            }
        }
        if (ended != null && took) {
            ended.closeInBackground();
        } else if (ended != null) {
            ended.close();
        }
        if (older != null) {
            older.close();
        }
    }

    /** At release: the last contended acquire's sleeper is closed by its own thread by now; this makes sure. */
    void closeSpent() {
        Sleeper older;
        synchronized (this) {
            older = spent;
            spent = null;
        }
        if (older != null) {
            older.close();
        }
    }

    private synchronized Sleeper waiting() {
        return waiting;
    }
}
