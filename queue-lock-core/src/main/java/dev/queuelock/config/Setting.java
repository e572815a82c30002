package dev.queuelock.config;

import dev.queuelock.Durations;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Function;

/**
 * One {@code queuelock.*} key: its name, the values it accepts, its default and its meaning, and
 * the one parser every reader of the key uses. Each module declares its keys beside the code that
 * reads them, each a {@code Setting} that joins its class's {@link SettingGroup}; the plugin's
 * catalog lists the groups for {@code queuelock:config}, the goals' pages and help, and the
 * configuration page, all written from these declarations. A key renamed keeps its former name
 * ({@link #formerly}), still read. A bad value is refused with a
 * one-line message naming the key and the accepted values; an unset or blank value is the default.
 *
 * <p>Each kind of value has its parser in a class of its own ({@link Flag}, {@link WholeNumber},
 * {@link NumberOrWord}, {@link Choice}, {@link DurationText}, {@link AsTyped}, {@link CommaList};
 * {@link Converted} and {@link EnumConstant} for {@link #as}), not a lambda: the build queue's keys
 * are declared on every build's hot path, in a cold JVM, where each lambda is linked at a cost; and a
 * class is loaded only when a key of its kind is declared (no build-queue key is a duration or a list).
 *
 * @param <T> the type the value is read as
 */
public final class Setting<T> {

    /** What every key starts with. */
    public static final String PREFIX = "queuelock.";

    private final String name;
    private final String accepts;
    private final String defaultValue;
    private final String defaultText;
    private final String readBy;
    private final String meaning;
    private final Function<String, T> parser;
    private final String formerly;

    private Setting(String name, String accepts, String defaultValue, String defaultText, String readBy, String meaning,
                    Function<String, T> parser) {
        this(name, accepts, defaultValue, defaultText, readBy, meaning, parser, null);
    }

    private Setting(String name, String accepts, String defaultValue, String defaultText, String readBy, String meaning,
                    Function<String, T> parser, String formerly) {
        this.name = Objects.requireNonNull(name, "name");
        this.formerly = formerly;
        this.accepts = accepts;
        this.defaultValue = defaultValue;
        this.defaultText = defaultText;
        this.readBy = readBy;
        this.meaning = meaning;
        this.parser = parser;
    }

    /** {@code true} or {@code false} (any case); any other word is refused, where a plain {@code Boolean.parseBoolean} would read it as false. */
    public static Setting<Boolean> flag(String name, boolean defaultValue, String readBy, String meaning) {
        return new Setting<>(name, "true or false", String.valueOf(defaultValue), null, readBy, meaning, new Flag(name));
    }

    /** A whole number of at least {@code min} (and at most {@link Integer#MAX_VALUE}). */
    public static Setting<Integer> number(String name, int min, int defaultValue, String readBy, String meaning) {
        return number(name, min, Integer.MAX_VALUE, defaultValue, readBy, meaning);
    }

    /** A whole number from {@code min} to {@code max}, e.g. a port base. */
    public static Setting<Integer> number(String name, int min, int max, int defaultValue, String readBy, String meaning) {
        String accepts = max == Integer.MAX_VALUE ? "a whole number of " + min + " or more"
                : "a whole number from " + min + " to " + max;
        return new Setting<>(name, accepts, String.valueOf(defaultValue), null, readBy, meaning, new WholeNumber(name, accepts, min, max));
    }

    /**
     * A whole number of at least {@code min}, or the word {@code word} (any case): returned as the
     * number's digits or the word in lower case, e.g. the build queue's slots, {@code 3} or {@code auto}.
     */
    public static Setting<String> numberOr(String name, int min, String word, int defaultValue, String readBy, String meaning) {
        Setting<Integer> number = number(name, min, defaultValue, readBy, meaning);
        String accepts = number.accepts + ", or " + word;
        return new Setting<>(name, accepts, String.valueOf(defaultValue), null, readBy, meaning, new NumberOrWord(name, accepts, number, word));
    }

    /** One of {@code values} (any case), returned in lower case. */
    public static Setting<String> choice(String name, String defaultValue, String readBy, String meaning, String... values) {
        String accepts = or(Arrays.asList(values));
        return new Setting<>(name, accepts, defaultValue, null, readBy, meaning, new Choice(name, accepts, values));
    }

    /** A duration such as {@code 200ms}, {@code 30s}, {@code 5m}, {@code 1m30s}. */
    public static Setting<Duration> duration(String name, Duration defaultValue, String readBy, String meaning) {
        String accepts = "a duration such as 200ms, 30s, 5m or 1h";
        return new Setting<>(name, accepts, Durations.format(defaultValue).replace(" ", ""), null, readBy, meaning,
                new DurationText(name, accepts + ", more than zero"));
    }

    /**
     * A duration as {@link #duration} reads it, or unset: then null, which the docs call {@code noneText}
     * (e.g. {@code never}), for a key that does nothing until given a time.
     */
    public static Setting<Duration> optionalDuration(String name, String noneText, String readBy, String meaning) {
        String accepts = "a duration such as 200ms, 30s, 5m or 1h";
        return new Setting<>(name, accepts, null, noneText, readBy, meaning, new DurationText(name, accepts + ", more than zero"));
    }

    /**
     * Free text (a branch, a path, a connect string...).
     *
     * @param defaultValue the literal default, or null when there is none
     * @param defaultText  how the docs name the default when it is not a literal (null: {@code defaultValue})
     */
    public static Setting<String> text(String name, String defaultValue, String defaultText, String readBy, String meaning) {
        return new Setting<>(name, "text", defaultValue, defaultText, readBy, meaning, new AsTyped());
    }

    /** Comma-separated values, each trimmed, empty ones dropped. */
    public static Setting<List<String>> list(String name, String readBy, String meaning) {
        return new Setting<>(name, "comma-separated list", null, "none", readBy, meaning, new CommaList());
    }

    /** The same key read as another type. */
    public <R> Setting<R> as(Function<? super T, R> convert) {
        return new Setting<>(name, accepts, defaultValue, defaultText, readBy, meaning, new Converted<>(parser, convert), formerly);
    }

    /** The same key read as the constant of {@code type} it names (in any case), e.g. a choice as an enum. */
    public <E extends Enum<E>> Setting<E> as(Class<E> type) {
        return as(new EnumConstant<>(type));
    }

    /**
     * The same key, also read under the name it had before, so a configuration written for that name
     * keeps working; {@link SettingGroup#carryOver} says which name to use now.
     */
    public Setting<T> formerly(String oldName) {
        return new Setting<>(name, accepts, defaultValue, defaultText, readBy, meaning, parser, oldName);
    }

    /** The name the key had before, still read, or null. */
    public String formerName() {
        return formerly;
    }

    /** The key, e.g. {@code queuelock.build.skip}. */
    public String name() {
        return name;
    }

    /** The values accepted, in words, e.g. {@code true or false}. */
    public String accepts() {
        return accepts;
    }

    /** The default as a user would type it (what a mojo parameter's {@code defaultValue} says), or null if none. */
    public String defaultValue() {
        return defaultValue;
    }

    /** The default for people: the literal, or a description such as "the remote's HEAD branch". */
    public String defaultText() {
        return defaultText != null ? defaultText : defaultValue != null ? defaultValue : "none";
    }

    /** Who reads the key: the build queue (the core extension), a goal, a backend. */
    public String readBy() {
        return readBy;
    }

    /** What the key does, one sentence. */
    public String meaning() {
        return meaning;
    }

    /**
     * The value of {@code text}; unset or blank means the default (null if there is none).
     *
     * @throws IllegalArgumentException {@code <key> must be <accepted values>, not '<text>'}
     */
    public T parse(String text) {
        String value = text == null || text.isBlank() ? defaultValue : text.trim();
        return value == null ? null : parser.apply(value);
    }

    /** The value among the given properties, e.g. user and system properties (under the former name if not under this one). */
    public T from(Properties properties) {
        String value = properties.getProperty(name);
        return parse(value == null && formerly != null ? properties.getProperty(formerly) : value);
    }

    /** The value among settings such as a queue factory's (under the former name if not under this one). */
    public T from(Map<String, String> settings) {
        String value = settings.get(name);
        return parse(value == null && formerly != null ? settings.get(formerly) : value);
    }

    @Override
    public String toString() {
        return name;
    }

    /** The one refusal every parser gives: {@code <key> must be <accepted values>, not '<text>'}. */
    static IllegalArgumentException refused(String name, String accepts, String text) {
        return new IllegalArgumentException(name + " must be " + accepts + ", not '" + text + "'");
    }

    private static String or(List<String> values) {
        return values.size() == 1 ? values.get(0)
                : String.join(", ", values.subList(0, values.size() - 1)) + " or " + values.get(values.size() - 1);
    }
}
