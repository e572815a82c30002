package dev.queuelock.config;

import java.util.Locale;
import java.util.function.Function;

/** {@link Setting#numberOr}'s parser: a whole number, or one word (returned in lower case), e.g. {@code auto}. */
final class NumberOrWord implements Function<String, String> {
    private final String name;
    private final String accepts;
    private final Setting<Integer> number;
    private final String word;

    NumberOrWord(String name, String accepts, Setting<Integer> number, String word) {
        this.name = name;
        this.accepts = accepts;
        this.number = number;
        this.word = word;
    }

    @Override
    public String apply(String text) {
        if (text.equalsIgnoreCase(word)) {
            return word.toLowerCase(Locale.ROOT);
        }
        try {
            return String.valueOf(number.parse(text));
        } catch (IllegalArgumentException e) {
            throw Setting.refused(name, accepts, text);
        }
    }
}
