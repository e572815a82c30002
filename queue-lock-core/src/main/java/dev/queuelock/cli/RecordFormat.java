package dev.queuelock.cli;

import dev.queuelock.Durations;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import java.time.Duration;

/** How a holder or waiter is named in every line the CLI prints. */
final class RecordFormat {

    private RecordFormat() {
    }

    /**
     * {@code lane wt-a (mvn verify), pid 1234, held for 1m 05s}; for a holder whose own process has
     * ended, {@code lane wt-a, pid 1234 ended; what it started (pid 1301) still holds, held for 1m 05s}.
     */
    static String holder(QueueSnapshot queue, LockRecord holder, long nowMillis) {
        return queue.describe(holder, "what it started") + ", held for " + Durations.format(since(holder, nowMillis));
    }

    /** {@code lane wt-b (mvn verify), pid 2345, waiting for 12s}. */
    static String waiter(LockRecord waiter, long nowMillis) {
        // A waiter of high priority has waited since it enrolled, not since the place it was given.
        return waiter.describe() + ", waiting for " + Durations.format(Duration.ofMillis(Math.max(0, nowMillis - waiter.enrolledAt())))
                + (waiter.highPriority() ? ", priority high" : "");
    }

    static Duration since(LockRecord r, long nowMillis) {
        return Duration.ofMillis(Math.max(0, nowMillis - r.ts()));
    }
}
