package dev.queuelock.config;

import java.util.function.Function;

/** {@link Setting#text}'s parser: the text as typed (trimmed by {@link Setting#parse}). */
final class AsTyped implements Function<String, String> {
    @Override
    public String apply(String text) {
        return text;
    }
}
