package dev.queuelock.config;

import dev.queuelock.Durations;
import java.time.Duration;
import java.util.function.Function;

/** {@link Setting#duration}'s parser: a duration as {@link Durations#parse} reads it, more than zero. */
final class DurationText implements Function<String, Duration> {
    private final String name;
    private final String accepts;

    DurationText(String name, String accepts) {
        this.name = name;
        this.accepts = accepts;
    }

    @Override
    public Duration apply(String text) {
        try {
            return Durations.parse(name, text);
        } catch (IllegalArgumentException e) {
            throw Setting.refused(name, accepts, text);
        }
    }
}
