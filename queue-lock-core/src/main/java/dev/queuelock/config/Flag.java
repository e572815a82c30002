package dev.queuelock.config;

import java.util.function.Function;

/** {@link Setting#flag}'s parser: {@code true} or {@code false}, in any case. */
final class Flag implements Function<String, Boolean> {
    private final String name;

    Flag(String name) {
        this.name = name;
    }

    @Override
    public Boolean apply(String text) {
        if (text.equalsIgnoreCase("true")) {
            return true;
        }
        if (text.equalsIgnoreCase("false")) {
            return false;
        }
        throw Setting.refused(name, "true or false", text);
    }
}
