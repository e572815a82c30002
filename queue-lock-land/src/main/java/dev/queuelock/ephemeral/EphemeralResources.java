package dev.queuelock.ephemeral;

import java.io.IOException;

/**
 * Claim, use, release: the lock's "a dead process's leftovers are cleaned by whoever comes next"
 * rule applied to test resources. A run killed before its {@code finally} leaks nothing for good:
 * the next call, from any lane, destroys what it left before making its own.
 */
public final class EphemeralResources {

    private EphemeralResources() {
    }

    /**
     * Destroys and releases every orphan in the registry, then claims, creates a fresh resource,
     * runs {@code fn} on it, and destroys it and releases the claim however {@code fn} ends.
     *
     * <p>If destroying our own resource fails, its claim is kept on purpose: once this process has
     * exited it is an orphan, and the next call tries again.
     *
     * @throws IOException if an orphan cannot be destroyed (the message names it and its claim
     *                     file), or the resource cannot be created or destroyed
     */
    public static <T, R, E extends Exception> R withEphemeralResource(EphemeralResourceProvider<T> provider,
            ClaimRegistry registry, ResourceFunction<? super T, R, E> fn) throws E, IOException {
        destroyOrphans(provider, registry);
        Claim claim = registry.claim();
        T resource = create(provider, registry, claim);
        R result;
        try {
            result = fn.apply(resource);
        } catch (Throwable failure) {
            try {
                destroyAndRelease(provider, registry, claim, resource);
            } catch (IOException | RuntimeException cleanup) {
                failure.addSuppressed(cleanup);
            }
            throw failure;
        }
        destroyAndRelease(provider, registry, claim, resource);
        return result;
    }

    /** Destroys and releases the claims of dead processes; returns how many. */
    public static <T> int destroyOrphans(EphemeralResourceProvider<T> provider, ClaimRegistry registry)
            throws IOException {
        int destroyed = 0;
        for (Claim orphan : registry.orphans()) {
            try {
                provider.destroyOrphan(orphan);
            } catch (IOException | RuntimeException e) {
                throw new IOException("cannot destroy the resource of dead process " + orphan.pid() + " ("
                        + orphan.resource().orElse("never recorded") + "): " + e.getMessage()
                        + "; remove it by hand, then delete " + registry.fileOf(orphan.id()), e);
            }
            registry.release(orphan.id());
            destroyed++;
        }
        return destroyed;
    }

    private static <T> T create(EphemeralResourceProvider<T> provider, ClaimRegistry registry, Claim claim)
            throws IOException {
        T resource;
        try {
            resource = provider.create(claim);
        } catch (IOException | RuntimeException e) {
            try {
                provider.destroyOrphan(claim); // whatever part of it was made
                registry.release(claim.id());
            } catch (IOException | RuntimeException cleanup) {
                e.addSuppressed(cleanup); // the claim stays: reaped as an orphan after we exit
            }
            throw e;
        }
        try {
            registry.record(claim.withResource(provider.describe(resource)));
        } catch (IOException | RuntimeException e) {
            destroyAndRelease(provider, registry, claim, resource);
            throw e;
        }
        return resource;
    }

    private static <T> void destroyAndRelease(EphemeralResourceProvider<T> provider, ClaimRegistry registry,
            Claim claim, T resource) throws IOException {
        provider.destroy(resource);
        registry.release(claim.id());
    }
}
