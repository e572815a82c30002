package dev.queuelock.file;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import java.util.List;

/**
 * Where a waiter of high priority is placed in line: a ticket's name is its place ({@link FifoOrder}),
 * so it is enrolled under an earlier ts than it would get, one that sorts after the waiters of high
 * priority already there and those the caller keeps ahead, and before the first other ordinary waiter.
 * The holders have no ticket: nobody is placed ahead of them. The npm tool, which sorts the same
 * names, agrees on the order. Its record keeps when it really enrolled ({@link LockRecord#enrolledAt}).
 */
final class PriorityPlace {

    /**
     * The first ticket placed ahead of others goes this far before the one it goes ahead of, so later
     * ones of high priority find a ts between it and that ticket (each takes the middle).
     */
    static final long ROOM_MILLIS = 60_000;

    private PriorityPlace() {
    }

    /**
     * {@code mine} (enrolled now, at its own ts) as placed among the live tickets {@code line}, in
     * queue order: with its place as ts, or at its own ts (the end of the line) where nobody is to
     * be gone ahead of, or no ts is free between two tickets enrolled a millisecond apart.
     */
    static LockRecord of(List<Ticket> line, AcquireOptions options, LockRecord mine) {
        LockRecord high = mine.withHighPriority(mine.ts());
        int first = 0; // the first waiter to go ahead of
        while (first < line.size() && (line.get(first).record().highPriority() || options.keptAhead(line.get(first).record()))) {
            first++;
        }
        for (int j = first; j < line.size(); j++) {
            long next = line.get(j).ts();
            long floor = j == 0 ? next - 2 * ROOM_MILLIS : line.get(j - 1).ts();
            if (next - floor >= 2) {
                return high.at(floor + (next - floor) / 2);
            }
        }
        return high;
    }
}
