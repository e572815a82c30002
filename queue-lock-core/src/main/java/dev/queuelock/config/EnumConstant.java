package dev.queuelock.config;

import java.util.Locale;
import java.util.function.Function;

/** {@link Setting#as(Class)}'s conversion: the constant of an enum a value names, in any case. */
final class EnumConstant<E extends Enum<E>> implements Function<Object, E> {
    private final Class<E> type;

    EnumConstant(Class<E> type) {
        this.type = type;
    }

    @Override
    public E apply(Object value) {
        return Enum.valueOf(type, value.toString().toUpperCase(Locale.ROOT));
    }
}
