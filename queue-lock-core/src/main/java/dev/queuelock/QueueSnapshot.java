package dev.queuelock;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A look at one queue: its live holders and its live waiters in the order they will be served. A
 * queue with one slot (the npm tool's format, and every queue today) has at most one holder; the
 * holders are a list so that every reader - status, JSON, a joining build - already reads a queue
 * of several slots the same way.
 */
public final class QueueSnapshot {

    private final Path location;
    private final List<LockRecord> holders;
    private final List<LockRecord> waiters;
    private final int slots;
    private final String slotsDecision;
    /**
     * The holders whose own process has ended, to the processes they started that keep their hold:
     * asked for only when status shows them (naming them scans every process), then kept.
     */
    private final Map<LockRecord, Keepers> keepers;

    /** A queue of one slot. @param holders longest-held first */
    public QueueSnapshot(Path location, List<LockRecord> holders, List<LockRecord> waiters) {
        this(location, holders, waiters, 1, "1 (fixed)", Map.of());
    }

    private QueueSnapshot(Path location, List<LockRecord> holders, List<LockRecord> waiters, int slots, String slotsDecision,
            Map<LockRecord, Keepers> keepers) {
        this.location = location;
        this.holders = List.copyOf(holders);
        this.waiters = List.copyOf(waiters);
        this.slots = slots;
        this.slotsDecision = slotsDecision;
        this.keepers = Map.copyOf(keepers);
    }

    /**
     * The waiters a holder or waiter of high priority went ahead of: those behind it in line that
     * enrolled before it (in {@link #waiters()}'s order); empty for an ordinary one.
     */
    public List<LockRecord> wentAheadOf(LockRecord r) {
        List<LockRecord> passed = new ArrayList<>();
        if (!r.highPriority()) {
            return passed;
        }
        for (LockRecord w : waiters.subList(waiters.indexOf(r) + 1, waiters.size())) { // a holder: -1, the whole line
            if (w.enrolledAt() < r.enrolledAt()) {
                passed.add(w);
            }
        }
        return passed;
    }

    /** The same look, at a queue of {@code count} slots, found as {@code decision} says (e.g. "2 (fixed)"). */
    public QueueSnapshot withSlots(int count, String decision) {
        return new QueueSnapshot(location, holders, waiters, count, decision, keepers);
    }

    /**
     * The same look, where holder {@code ended}'s own process has ended and the processes it
     * started, {@code keptBy} (pids; empty if they cannot be named), keep its hold.
     */
    public QueueSnapshot withEnded(LockRecord ended, List<Long> keptBy) {
        List<Long> pids = List.copyOf(keptBy);
        return withEnded(ended, () -> pids);
    }

    /**
     * The same look, where holder {@code ended}'s own process has ended; {@code keptBy} names what
     * keeps its hold when {@link #keptBy} is first asked, not before: a joining build's look at the
     * queue needs only to know that it ended.
     */
    public QueueSnapshot withEnded(LockRecord ended, Supplier<List<Long>> keptBy) {
        Map<LockRecord, Keepers> more = new HashMap<>(keepers);
        more.put(ended, new Keepers(keptBy));
        return new QueueSnapshot(location, holders, waiters, slots, slotsDecision, more);
    }

    /** Whether this holder's own process has ended while processes it started keep its hold (a holder killed with kill -9). */
    public boolean ended(LockRecord holder) {
        return keepers.containsKey(holder);
    }

    /** The pids of what keeps an {@link #ended} holder's hold; empty for a holder whose process runs. */
    public List<Long> keptBy(LockRecord holder) {
        Keepers kept = keepers.get(holder);
        return kept == null ? List.of() : kept.pids();
    }

    /** What keeps an ended holder's hold, named once, when first asked. */
    private static final class Keepers {
        private final Supplier<List<Long>> find;
        private List<Long> pids;

        Keepers(Supplier<List<Long>> find) {
            this.find = find;
        }

        synchronized List<Long> pids() {
            if (pids == null) {
                pids = List.copyOf(find.get());
            }
            return pids;
        }
    }

    /**
     * How status names a holder: {@link LockRecord#describe()}, and for an {@link #ended} one
     * {@code lane a, pid 3345 ended; what it started (pid 4012) still holds}: naming the dead pid
     * alone would send a person after a process that is gone.
     *
     * @param started what the holder's processes are, e.g. {@code what it started}, {@code its check build}
     */
    public String describe(LockRecord holder, String started) {
        if (!ended(holder)) {
            return holder.describe();
        }
        List<Long> pids = keptBy(holder);
        StringBuilder kept = new StringBuilder();
        for (Long pid : pids) {
            kept.append(kept.length() == 0 ? " (pid " : ", ").append(pid);
        }
        return holder.describe() + " ended; " + started + (pids.isEmpty() ? "" : kept + ")") + " still holds";
    }

    /** How many may hold at once, as a build enrolling now would be told. */
    public int slots() {
        return slots;
    }

    /** How {@link #slots()} was found: "2 (fixed)", or how {@code auto} decided. */
    public String slotsDecision() {
        return slotsDecision;
    }

    /** The slots line of a status report, e.g. {@code 1 of 2 busy; 2 (fixed)}; empty for a plain one-slot queue. */
    public Optional<String> slotsLine() {
        if (slots == 1 && slotsDecision.equals("1 (fixed)")) {
            return Optional.empty();
        }
        return Optional.of(holders.size() + " of " + slots + " busy; " + slotsDecision);
    }

    /** The queue directory. */
    public Path location() {
        return location;
    }

    /** Who holds a slot, longest-held first; empty when the queue is free. */
    public List<LockRecord> holders() {
        return holders;
    }

    public List<LockRecord> waiters() {
        return waiters;
    }
}
