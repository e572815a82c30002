package dev.queuelock.ephemeral;

import java.nio.file.Path;

/**
 * Child-JVM worker: claims a scratch directory in {@code args[0]}'s registry under
 * {@code args[1]}, prints {@code READY <path>} and holds it until killed.
 */
public final class EphemeralClaimer {

    private EphemeralClaimer() {
    }

    public static void main(String[] args) throws Exception {
        ClaimRegistry registry = ClaimRegistry.at(Path.of(args[0]));
        EphemeralResources.withEphemeralResource(new ScratchDirectoryProvider(Path.of(args[1])), registry, dir -> {
            System.out.println("READY " + dir);
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
            return null;
        });
    }
}
