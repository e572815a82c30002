package dev.queuelock.config;

import java.util.function.Function;

/** {@link Setting#as(Function)}'s parser: a key's own parser, its value then converted. */
final class Converted<T, R> implements Function<String, R> {
    private final Function<String, T> parser;
    private final Function<? super T, R> convert;

    Converted(Function<String, T> parser, Function<? super T, R> convert) {
        this.parser = parser;
        this.convert = convert;
    }

    @Override
    public R apply(String text) {
        return convert.apply(parser.apply(text));
    }
}
