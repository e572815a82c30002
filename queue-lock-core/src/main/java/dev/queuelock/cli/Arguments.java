package dev.queuelock.cli;

import dev.queuelock.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed command line: {@code --name VALUE} or {@code --name=VALUE} options, flags, and for
 * {@code run} the command after {@code --} (or from the first word that is not an option, so
 * {@code run mvn verify} works too; options of CMD itself are never read as ours).
 */
final class Arguments {

    private final Map<String, String> values;
    private final List<String> command;

    private Arguments(Map<String, String> values, List<String> command) {
        this.values = values;
        this.command = command;
    }

    /**
     * @param valueOptions options that take a value, e.g. {@code --queue}
     * @param flags        options without a value, e.g. {@code --json}
     * @param takesCommand whether words after the options are a command to run
     * @throws UsageException for an unknown option, a missing value or an unexpected word
     */
    static Arguments parse(List<String> tokens, Set<String> valueOptions, Set<String> flags, boolean takesCommand) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (token.equals("--") || !token.startsWith("-") || token.equals("-")) {
                if (!takesCommand) {
                    throw new UsageException("unexpected argument '" + token + "'");
                }
                int from = token.equals("--") ? i + 1 : i;
                return new Arguments(values, List.copyOf(new ArrayList<>(tokens.subList(from, tokens.size()))));
            }
            int eq = token.indexOf('=');
            String name = eq > 0 ? token.substring(0, eq) : token;
            if (flags.contains(name)) {
                if (eq > 0) {
                    throw new UsageException(name + " takes no value");
                }
                values.put(name, "true");
            } else if (valueOptions.contains(name)) {
                if (eq > 0) {
                    values.put(name, token.substring(eq + 1));
                } else if (i + 1 < tokens.size()) {
                    values.put(name, tokens.get(++i));
                } else {
                    throw new UsageException(name + " needs a value");
                }
            } else {
                throw new UsageException("unknown option '" + name + "'");
            }
        }
        return new Arguments(values, List.of());
    }

    /** A duration typed by the user ({@code 200ms}, {@code 5m}); a bad one is a usage error naming the option. */
    static Duration duration(String option, String text) {
        try {
            return Durations.parse(option, text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    String value(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    /** The command to run; empty if none was given. */
    List<String> command() {
        return command;
    }
}
