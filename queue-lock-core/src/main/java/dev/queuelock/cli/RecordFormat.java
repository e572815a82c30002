package dev.queuelock.cli;

import dev.queuelock.Durations;
import dev.queuelock.LockRecord;
import java.time.Duration;

/** How a holder or waiter is named in every line the CLI prints. */
final class RecordFormat {

    private RecordFormat() {
    }

    /** {@code lane wt-a (mvn verify), pid 1234, held for 1m 05s}. */
    static String holder(LockRecord holder, long nowMillis) {
        return holder.describe() + ", held for " + Durations.format(since(holder, nowMillis));
    }

    /** {@code lane wt-b (mvn verify), pid 2345, waiting for 12s}. */
    static String waiter(LockRecord waiter, long nowMillis) {
        return waiter.describe() + ", waiting for " + Durations.format(since(waiter, nowMillis));
    }

    static Duration since(LockRecord r, long nowMillis) {
        return Duration.ofMillis(Math.max(0, nowMillis - r.ts()));
    }
}
