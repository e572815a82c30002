package dev.queuelock.file;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLockException;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.process.Processes;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.SlotCount;
import dev.queuelock.spi.QueueLockSupport;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The queue lock over a {@link QueueDirectory}: enroll a ticket, wait until it is the oldest live
 * one and a slot is free ({@link WaitForTurn}, {@link Turn}), take that slot's lock, withdraw the ticket (holder and
 * waiter are separate identities). How many slots there are is asked of a {@link SlotCount} once
 * per acquire; one slot is the npm tool's format.
 */
public final class FileQueueLock extends QueueLockSupport {

    /** Enrollment times are unique within this JVM, so two locks of one process never share a ticket. */
    private static final AtomicLong LAST_TS = new AtomicLong();

    // What the wait reads (WaitForTurn).
    final QueueDirectory dir;
    final TicketQueue tickets;
    final SlotFiles slotFiles;
    final SlotCount slotCount;
    final Duration pollInterval;
    /** The queue whose policy judges a long hold ({@link Queue#context()}); null where nothing is known (tests). */
    final Queue queue;
    final long pid = Processes.current().ownPid();
    private final String lane;
    private final String start = ProcessStart.current();

    /** The ticket of the current acquire, until withdrawn. */
    private Enrollment enrollment;
    /** The current acquire's wait, so release() can wake it to give up. */
    private WaitForTurn waiting;
    /** The wait of the last contended acquire that took the lock: its watch closes on its own thread, made sure of at release. */
    private WaitForTurn spent;
    /** The lock record written by the take, until released. */
    private LockRecord taken;
    /** The slot's lock file the take took, until released. */
    private LockFile takenSlot;

    /** @param queue the queue {@code dir} holds, whose policy judges its long holds; null: none judged (tests) */
    public FileQueueLock(QueueDirectory dir, String lane, Duration pollInterval, SlotCount slotCount, Queue queue) {
        super(dir.toString());
        this.dir = dir;
        this.tickets = new TicketQueue(dir.ticketsDir());
        this.slotFiles = new SlotFiles(dir);
        this.slotCount = slotCount;
        this.queue = queue;
        this.lane = lane;
        this.pollInterval = pollInterval;
    }

    @Override
    protected void doAcquire(AcquireOptions options) throws InterruptedException {
        dir.prepare();
        // auto reads the machine and the history in the queue's directory
        int slots = slotCount.auto() ? slotCount.slots(slotFiles.present().size()) : slotCount.slots();
        LockRecord mine = new LockRecord(pid, lane, options.label(), nextTs(), start).withRunsIn(options.runsIn())
                .withOutput(options.output());
        if (slots > 1 || slotCount.auto()) {
            // Status reads it from the records, so it need not be given the builds' setting.
            mine = mine.withSlots(slots, slotCount.auto());
        }
        WaitForTurn wait = new WaitForTurn(this);
        synchronized (this) {
            waiting = wait;
        }
        boolean took = false;
        try {
            Enrollment own = options.highPriority() ? enrollAhead(mine, options) : enrollment(mine);
            wait.run(own, own.record(), slots, options);
            took = true;
        } catch (IOException e) {
            throw new QueueLockException("queue " + dir + " is unusable: " + e + "; check that the directory is writable.", e);
        } finally {
            retire(wait, took);
        }
    }

    /** The enrollment of {@code record}, made this acquire's, so a release withdraws its ticket. */
    private Enrollment enrollment(LockRecord record) {
        Enrollment own = new Enrollment(tickets, record, dir);
        synchronized (this) {
            enrollment = own;
        }
        return own;
    }

    /**
     * A waiter of high priority, placed in line ({@link PriorityPlace}) and enrolled there under the
     * options' guard: who keeps a place ahead cannot change between the look at the line and the enrollment.
     */
    private Enrollment enrollAhead(LockRecord mine, AcquireOptions options) throws IOException, InterruptedException {
        Enrollment[] own = new Enrollment[1];
        try {
            options.placeGuard().whilePlacing(() -> {
                own[0] = enrollment(PriorityPlace.of(tickets.liveInOrder(), options, mine));
                own[0].enroll();
            });
        } catch (IOException e) {
            // A guard's channel closed by an interrupt sets the flag: that is an interrupt, not an unusable queue.
            // (Not caught by its own type: a handler's class is loaded with this class, on every build's path.)
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("interrupted while waiting to be placed in line");
            }
            throw e;
        }
        return own[0];
    }

    @Override
    protected boolean placesByPriority() {
        return true;
    }

    /** Now in epoch ms, or just after the last enrollment of this JVM (a loop, not a lambda: it runs cold). */
    private static long nextTs() {
        while (true) {
            long last = LAST_TS.get();
            long next = Math.max(last + 1, System.currentTimeMillis());
            if (LAST_TS.compareAndSet(last, next)) {
                return next;
            }
        }
    }

    /** Holder and waiter are separate identities: the ticket goes once we hold (after the on-taken action). */
    @Override
    protected void afterTake() {
        withdrawTicket();
    }

    /** For the wait: throws if release() gave it up or the thread was interrupted. */
    void stillWaiting() throws InterruptedException {
        checkWaiting();
    }

    /** Ends the wait: later if the lock was just taken (the hand-off waits for nothing), else now. */
    private void retire(WaitForTurn wait, boolean took) {
        WaitForTurn older = null;
        synchronized (this) {
            waiting = null;
            if (took) {
                older = spent;
                spent = wait;
            }
        }
        if (took) {
            wait.closeInBackground();
        } else {
            wait.close();
        }
        if (older != null) {
            older.close();
        }
    }

    /** Takes a free slot for the wait; false if the take found it taken or reclaimed a dead one: look again. */
    boolean take(LockFile slot, LockRecord mine) throws IOException {
        // Never earlier than the ticket's ts, so the ticket reads as enrolled before the take.
        LockRecord me = mine.at(Math.max(System.currentTimeMillis(), mine.ts()));
        if (slot.tryTake(me) != LockFile.Take.TAKEN) {
            return false;
        }
        synchronized (this) {
            taken = me;
            takenSlot = slot;
        }
        return true;
    }

    @Override
    protected void wakeWaiter() {
        WaitForTurn current;
        synchronized (this) {
            current = waiting;
        }
        if (current != null) {
            current.wakeNow();
        }
    }

    @Override
    protected synchronized void doRelease() {
        LockRecord held = taken;
        LockFile slot = takenSlot;
        taken = null;
        takenSlot = null;
        if (held != null) {
            try {
                slot.releaseIfMine(held);
            } catch (IOException | QueueLockException e) {
                // Unreadable now: the record names our pid, so the next waiter reclaims it once we exit.
            }
        }
        withdrawTicket();
        WaitForTurn older = spent; // closed by its own thread by now: this makes sure
        spent = null;
        if (older != null) {
            older.close();
        }
    }

    /** A take on a scratch queue beside this one ({@link TakeRehearsal}), once per JVM. */
    @Override
    public void warmUp() {
        TakeRehearsal.once(dir.path().getParent(), pid, start);
    }

    /** A slot's lock file or any entry in {@code tickets/}: two system calls, no exceptions. */
    @Override
    public boolean looksBusy() {
        try {
            return slotFiles.anyPresent() || !tickets.isEmpty();
        } catch (IOException e) {
            return false; // only a hint: the wait itself will say what is wrong
        }
    }

    @Override
    public String lane() {
        return lane;
    }

    private void withdrawTicket() {
        Enrollment own;
        synchronized (this) {
            own = enrollment;
            enrollment = null;
        }
        if (own != null) {
            own.withdraw();
        }
    }
}
