package dev.queuelock.land;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/** Figures over the landing history: median queue wait, landings per hour, and waiters' ETAs. */
public final class LandStats {

    private final List<LandRun> runs;

    public LandStats(List<LandRun> runs) {
        this.runs = List.copyOf(runs);
    }

    /** Median queue wait over all runs. */
    public Optional<Duration> medianQueueWait() {
        return median(runs.stream().mapToLong(r -> r.phase(Phase.QUEUE_WAIT)).sorted().toArray());
    }

    /** Median time a landing holds the land queue (its total minus its own wait), over landed runs. */
    public Optional<Duration> medianHold() {
        return median(runs.stream().filter(r -> r.outcome() == Outcome.LANDED)
                .mapToLong(r -> Math.max(0, r.totalMs - r.phase(Phase.QUEUE_WAIT))).sorted().toArray());
    }

    /** Landed runs per hour, from the start of the oldest run to the end of the newest; empty if unknown. */
    public Optional<Double> landingsPerHour() {
        long landed = runs.stream().filter(r -> r.outcome() == Outcome.LANDED).count();
        if (landed == 0) {
            return Optional.empty();
        }
        try {
            Instant firstStart = Instant.parse(runs.get(0).time).minusMillis(runs.get(0).totalMs);
            Instant lastEnd = Instant.parse(runs.get(runs.size() - 1).time);
            long span = Math.max(Duration.between(firstStart, lastEnd).toMillis(), 1);
            return Optional.of(landed * 3_600_000.0 / span);
        } catch (DateTimeParseException | NullPointerException e) {
            return Optional.empty();
        }
    }

    /**
     * When a waiter with {@code ahead} landings before it should get its turn: what the holder has
     * left of a median landing, plus a median landing for each one ahead.
     */
    public Optional<Duration> eta(int ahead, Duration holderElapsed) {
        return medianHold().map(hold -> {
            Duration left = hold.minus(holderElapsed);
            return (left.isNegative() ? Duration.ZERO : left).plus(hold.multipliedBy(ahead));
        });
    }

    private static Optional<Duration> median(long[] sorted) {
        return sorted.length == 0 ? Optional.empty() : Optional.of(Duration.ofMillis(sorted[sorted.length / 2]));
    }
}
