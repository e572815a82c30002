package dev.queuelock.ephemeral;

/** What runs against an ephemeral resource; may throw its own checked exception. */
@FunctionalInterface
public interface ResourceFunction<T, R, E extends Exception> {

    R apply(T resource) throws E;
}
