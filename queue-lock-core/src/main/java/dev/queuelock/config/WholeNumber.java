package dev.queuelock.config;

import java.util.function.Function;

/** {@link Setting#number}'s parser: a whole number from a minimum to a maximum. */
final class WholeNumber implements Function<String, Integer> {
    private final String name;
    private final String accepts;
    private final int min;
    private final int max;

    WholeNumber(String name, String accepts, int min, int max) {
        this.name = name;
        this.accepts = accepts;
        this.min = min;
        this.max = max;
    }

    @Override
    public Integer apply(String text) {
        try {
            int parsed = Integer.parseInt(text);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below, with the accepted values
        }
        throw Setting.refused(name, accepts, text);
    }
}
