package dev.queuelock.land.history;

import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/** Figures over the landing history: median queue wait, landing and land command, landings per hour, and waiters' ETAs. */
public final class LandStats {

    /** What {@link #medianHold()} covers, as the summary says it. */
    public static final String HOLD = "fetch to sync: without start-up or queue wait";
    /** What {@link #medianCommand()} covers, as the summary says it. */
    public static final String COMMAND = "process start to sync: waits included";

    private final List<LandRun> runs;

    public LandStats(List<LandRun> runs) {
        this.runs = List.copyOf(runs);
    }

    /** Median queue wait over all runs. */
    public Optional<Duration> medianQueueWait() {
        return median(runs.stream().mapToLong(r -> r.phase(Phase.QUEUE_WAIT)).sorted().toArray());
    }

    /**
     * Median time a landing holds the land queue (its total minus its start-up and its own wait),
     * over landed runs.
     */
    public Optional<Duration> medianHold() {
        return median(runs.stream().filter(r -> r.outcome() == Outcome.LANDED)
                .mapToLong(r -> Math.max(0, r.totalMs - r.phase(Phase.START_UP) - r.phase(Phase.QUEUE_WAIT))).sorted().toArray());
    }

    /**
     * Median whole land command, process start to its record, over landed runs that recorded their
     * start-up (older records, and batch members recorded by their leader, did not); empty if none.
     */
    public Optional<Duration> medianCommand() {
        return median(runs.stream().filter(r -> r.outcome() == Outcome.LANDED && r.phases.containsKey(Phase.START_UP.id()))
                .mapToLong(r -> r.totalMs).sorted().toArray());
    }

    /**
     * Landed runs per hour, from the earliest start of a run to the latest end; empty if unknown. A
     * run is recorded as it ends, so the first recorded is not always the first started (landers
     * started together end one by one).
     */
    public Optional<Double> landingsPerHour() {
        long landed = runs.stream().filter(r -> r.outcome() == Outcome.LANDED).count();
        if (landed == 0) {
            return Optional.empty();
        }
        try {
            Instant firstStart = runs.stream().map(r -> Instant.parse(r.time).minusMillis(r.totalMs))
                    .min(Instant::compareTo).orElseThrow();
            Instant lastEnd = runs.stream().map(r -> Instant.parse(r.time)).max(Instant::compareTo).orElseThrow();
            long span = Math.max(Duration.between(firstStart, lastEnd).toMillis(), 1);
            return Optional.of(landed * 3_600_000.0 / span);
        } catch (DateTimeParseException | NullPointerException e) {
            return Optional.empty();
        }
    }

    /**
     * When a waiter with {@code ahead} landings before it should get its turn: what the holder has
     * left of a median landing, plus a median landing for each one ahead. Empty where nobody can
     * tell: no landing yet, or a holder {@link #overdue} (it has no time left to count from).
     */
    public Optional<Duration> eta(int ahead, Duration holderElapsed) {
        return medianHold().filter(hold -> hold.compareTo(holderElapsed) > 0)
                .map(hold -> hold.minus(holderElapsed).plus(hold.multipliedBy(ahead)));
    }

    /** Whether a holder has held as long as a median landing or longer: what would have been its ETA has passed. */
    public boolean overdue(Duration holderElapsed) {
        return medianHold().map(hold -> hold.compareTo(holderElapsed) <= 0).orElse(false);
    }

    private static Optional<Duration> median(long[] sorted) {
        return sorted.length == 0 ? Optional.empty() : Optional.of(Duration.ofMillis(sorted[sorted.length / 2]));
    }
}
