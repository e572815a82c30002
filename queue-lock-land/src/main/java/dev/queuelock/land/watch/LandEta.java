package dev.queuelock.land.watch;

import dev.queuelock.Durations;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.history.LandStats;
import java.time.Duration;
import java.util.Optional;

/** A land waiter's estimate as status and the watch say it. */
public final class LandEta {

    private LandEta() {
    }

    /**
     * A land waiter's estimate, counted from the longest-held holder (the first slot to come free):
     * none behind a holder whose own process has ended (when its check stops nobody can tell), and
     * {@code overdue} for the first waiter behind a holder past a median landing, whose estimate has
     * passed (the ones behind it get none: what is left of the holder's landing is unknown).
     *
     * @return e.g. {@code , ETA ~2m 10s}, {@code , ETA overdue}, or empty text
     */
    public static String of(LandStats stats, QueueSnapshot q, int ahead, long nowMillis) {
        Optional<LockRecord> holder = holder(q);
        if (holder.isPresent() && q.ended(holder.get())) {
            return "";
        }
        Duration held = held(holder, nowMillis);
        if (stats.overdue(held)) {
            return ahead == 0 ? ", ETA overdue" : "";
        }
        return stats.eta(ahead, held).map(d -> ", ETA ~" + Durations.format(d)).orElse("");
    }

    /** The holder the estimate counts from: the longest-held, whose slot comes free first. */
    static Optional<LockRecord> holder(QueueSnapshot q) {
        return q.holders().stream().findFirst();
    }

    /** How long {@code holder} has held the queue at {@code nowMillis}; zero without one. */
    static Duration held(Optional<LockRecord> holder, long nowMillis) {
        return holder.map(h -> Duration.ofMillis(Math.max(0, nowMillis - h.ts()))).orElse(Duration.ZERO);
    }
}
