package dev.queuelock.land.batch;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Child-JVM worker: a lander's check in the repository whose git common dir is {@code args[0]},
 * installing into the local repository's part {@code args[1]}: claims it, fills it, prints
 * {@code READY} and holds it until killed.
 */
public final class PartClaimer {

    private PartClaimer() {
    }

    public static void main(String[] args) throws Exception {
        Path part = Path.of(args[1]);
        CheckParts.of(Path.of(args[0])).with(part, () -> {
            Files.createDirectories(part.resolve("dev/shop/1.0"));
            Files.writeString(part.resolve("dev/shop/1.0/shop-1.0.jar"), "installed");
            System.out.println("READY");
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
            return null;
        });
    }
}
