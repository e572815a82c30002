package dev.queuelock.file;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLockException;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.process.Processes;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.SlotCount;
import dev.queuelock.spi.QueueLockSupport;
import dev.queuelock.spi.WaitReporter;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The queue lock over a {@link QueueDirectory}: enroll a ticket, wait until it is the oldest live
 * one and a slot is free ({@link Turn}), take that slot's lock, withdraw the ticket (holder and
 * waiter are separate identities). How many slots there are is asked of a {@link SlotCount} once
 * per acquire; one slot is the npm tool's format.
 */
public final class FileQueueLock extends QueueLockSupport {

    /** Enrollment times are unique within this JVM, so two locks of one process never share a ticket. */
    private static final AtomicLong LAST_TS = new AtomicLong();

    private final QueueDirectory dir;
    private final TicketQueue tickets;
    private final SlotFiles slotFiles;
    private final SlotCount slotCount;
    /** The queue whose policy judges a long hold ({@link Queue#context()}); null where nothing is known. */
    private final Queue queue;
    private final String lane;
    private final long pid = Processes.current().ownPid();
    private final String start = ProcessStart.current();

    /** The ticket of the current acquire, until withdrawn. */
    private Enrollment enrollment;
    private final Sleepers sleepers;
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
        this.sleepers = new Sleepers(dir, pid, pollInterval);
    }

    @Override
    protected void doAcquire(AcquireOptions options) throws InterruptedException {
        dir.prepare();
        // auto reads the machine and the history in the queue's directory
        int slots = slotCount.auto() ? slotCount.slots(slotFiles.present().size()) : slotCount.slots();
        LockRecord mine = new LockRecord(pid, lane, options.label(), nextTs(), start).withRunsIn(options.runsIn());
        if (slots > 1 || slotCount.auto()) {
            // Status reads it from the records, so it need not be given the builds' setting.
            mine = mine.withSlots(slots, slotCount.auto());
        }
        Enrollment own = new Enrollment(tickets, mine, dir);
        synchronized (this) {
            enrollment = own;
        }
        waitAndTake(own, mine, slots, options);
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

    private void waitAndTake(Enrollment own, LockRecord mine, int slots, AcquireOptions options) throws InterruptedException {
        WaitReporter reporter = new WaitReporter(options, slots, slotCount, queue);
        LockRecord deadHolder = null; // the holder just reclaimed, so a take-over says whose slot it was
        boolean took = false;
        long decidedAt = slotCount.auto() ? System.nanoTime() : 0; // auto: when the number in hand was decided
        try {
            own.enroll();
            while (!took) {
                QueueLook look = look(own.ticket(), slots);
                Turn turn = Turn.decide(look);
                if (admits(turn) && millisUntilStale(decidedAt) == 0) {
                    // auto: the machine's room may have changed while this waiter waited: decide
                    // again. A younger decision stands, so a slot a holder just freed is taken at
                    // once, as under a fixed number, and that holder's load still counts as ours.
                    int now = slotCount.slots(slotFiles.present().size());
                    decidedAt = System.nanoTime();
                    if (now != slots) {
                        slots = now;
                        mine = mine.withSlots(slots, true);
                        reporter.slotsNow(slots);
                        continue;
                    }
                }
                switch (turn.step()) {
                    case REENROLL:
                        own.enroll(); // back in at the original place, never ahead of it
                        break;
                    case REMOVE_DEAD_TICKET:
                        tickets.remove(turn.subject());
                        break;
                    case RECLAIM_DEAD_LOCK:
                        deadHolder = turn.subject().record();
                        slotFiles.slot(turn.slot()).reclaimDead(deadHolder); // not by a take: it would judge again
                        break;
                    case TAKE:
                        took = take(slotFiles.slot(turn.slot()), mine, deadHolder, reporter);
                        break;
                    default:
                        deadHolder = null;
                        sleep(turn, look, reporter, decidedAt);
                }
            }
        } catch (IOException e) {
            throw new QueueLockException("queue " + dir + " is unusable: " + e + "; check that the directory is writable.", e);
        } finally {
            sleepers.retire(took);
        }
    }

    /** Under auto, the time left before the number decided at {@code decidedAt} is decided again; 0 once it is due. */
    private long millisUntilStale(long decidedAt) {
        long left = slotCount.recheckMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - decidedAt);
        return Math.max(0, left);
    }

    /** Whether {@code turn} takes a slot or waits for one, first in line: where {@code auto} decides. */
    private boolean admits(Turn turn) {
        return slotCount.auto() && turn.firstInLine() && (turn.step() == Turn.Step.TAKE || turn.step() == Turn.Step.WAIT);
    }

    /**
     * One look at the queue, as the sleeper (if any) begins a new one. Checked for release() after
     * that: the sleeper forgets signals as a look begins, release()'s wake-up among them.
     */
    private QueueLook look(Ticket own, int slots) throws IOException, InterruptedException {
        sleepers.beginLook();
        checkWaiting();
        return QueueLook.read(slotFiles, tickets, own, slots);
    }

    /** Takes a free slot; false if the take found it taken or reclaimed a dead one: look again. */
    private boolean take(LockFile slot, LockRecord mine, LockRecord deadHolder, WaitReporter reporter) throws IOException {
        // Never earlier than the ticket's ts, so the ticket reads as enrolled before the take.
        long now = Math.max(System.currentTimeMillis(), mine.ts());
        LockRecord me = mine.at(now);
        if (slot.tryTake(me) != LockFile.Take.TAKEN) {
            return false;
        }
        synchronized (this) {
            taken = me;
            takenSlot = slot;
        }
        if (deadHolder != null) {
            reporter.reportTakeover(deadHolder);
        }
        return true;
    }

    /** Reports the place, then sleeps ({@link Sleepers}: made only once someone is ahead). */
    private void sleep(Turn turn, QueueLook look, WaitReporter reporter, long decidedAt) throws IOException, InterruptedException {
        Sleeper current = sleepers.forWait();
        checkWaiting(); // a release() before the sleeper was there could not wake it
        long now = System.currentTimeMillis();
        List<LockRecord> holders = look.liveHolders();
        reporter.report(look.shownAhead(), holders, look.holderEnded(), now);
        long sleep = holders.isEmpty() ? Sleeper.FOREVER : reporter.millisUntilNextWarning(now);
        if (slotCount.auto() && turn.firstInLine()) {
            // The machine's room changes without a file event; a hand-off still wakes it at once (the kernel, file events).
            sleep = Math.min(sleep, Math.max(1, millisUntilStale(decidedAt)));
        }
        current.sleep(turn, sleep);
    }

    @Override
    protected void wakeWaiter() {
        sleepers.wakeNow();
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
        sleepers.closeSpent();
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
