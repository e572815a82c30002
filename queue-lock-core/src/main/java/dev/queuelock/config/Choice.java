package dev.queuelock.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** {@link Setting#choice}'s parser: one of a few words, in any case, returned in lower case. */
final class Choice implements Function<String, String> {
    private final String name;
    private final String accepts;
    private final List<String> values;

    Choice(String name, String accepts, String... values) {
        this.name = name;
        this.accepts = accepts;
        this.values = Arrays.asList(values);
    }

    @Override
    public String apply(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (values.contains(lower)) {
            return lower;
        }
        throw Setting.refused(name, accepts, text);
    }
}
