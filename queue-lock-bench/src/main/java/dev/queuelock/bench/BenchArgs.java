package dev.queuelock.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code key=value} arguments, shared by the benchmark and its Java worker. */
final class BenchArgs {

    private final Map<String, String> values;

    private BenchArgs(Map<String, String> values) {
        this.values = values;
    }

    static BenchArgs parse(String... args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, got '" + arg + "'");
            }
            values.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return new BenchArgs(values);
    }

    String get(String key, String fallback) {
        return values.getOrDefault(key, fallback);
    }

    String require(String key) {
        String value = values.get(key);
        if (value == null) {
            throw new IllegalArgumentException("missing " + key + "=...");
        }
        return value;
    }

    int integer(String key, int fallback) {
        String value = values.get(key);
        try {
            return value == null ? fallback : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, got '" + value + "'");
        }
    }

    List<Integer> integers(String key, String fallback) {
        try {
            return Arrays.stream(get(key, fallback).split(",")).map(String::trim).map(Integer::parseInt)
                    .collect(Collectors.toList());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a comma-separated list of numbers");
        }
    }

    boolean has(String key) {
        return values.containsKey(key);
    }

    Map<String, String> asMap() {
        return values;
    }
}
