package dev.queuelock.config;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** {@link Setting#list}'s parser: comma-separated values, each trimmed, empty ones dropped. */
final class CommaList implements Function<String, List<String>> {
    @Override
    public List<String> apply(String text) {
        List<String> values = new ArrayList<>();
        for (String value : text.split(",")) {
            String trimmed = value.trim();
            if (!trimmed.isEmpty()) {
                values.add(trimmed);
            }
        }
        return values;
    }
}
