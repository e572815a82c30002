package dev.queuelock.ephemeral;

import java.io.IOException;

/**
 * Makes and unmakes one kind of throwaway resource (a scratch directory, a database from a
 * template, a container) for {@link EphemeralResources#withEphemeralResource}.
 *
 * @param <T> what callers use, e.g. a {@code Path}
 */
public interface EphemeralResourceProvider<T> {

    /**
     * Creates the resource for this claim. Naming it after {@link Claim#id()} lets
     * {@link #destroyOrphan} find it even when the claimer died before its description was recorded.
     */
    T create(Claim claim) throws IOException;

    /** What {@link #destroyOrphan} needs to find the resource again (e.g. its path); recorded in the claim. */
    String describe(T resource);

    /** Tears down a resource this process created. */
    void destroy(T resource) throws IOException;

    /**
     * Tears down what a dead process claimed, given only its claim. Must be idempotent: the
     * resource may be half made, never made, or reaped by another process at the same time.
     */
    void destroyOrphan(Claim claim) throws IOException;
}
