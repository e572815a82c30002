package dev.queuelock.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Scenario 6 is measured by {@code bench/extension-overhead.sh}, the one place it is measured, not
 * in this run: it times whole {@code mvn} processes against an empty core extension it builds.
 */
final class ExtensionOverhead {

    private final Path repoRoot;

    ExtensionOverhead(Path repoRoot) {
        this.repoRoot = repoRoot;
    }

    /** Empty when measured; else why not, for the table. */
    Optional<String> notMeasuredBecause() {
        Path sources = repoRoot.resolve("queue-lock-maven-extension/src/main/java");
        if (!hasLifecycleParticipant(sources)) {
            return Optional.of("not measured: queue-lock-maven-extension has no lifecycle participant in this checkout");
        }
        return Optional.of("measured separately: bench/extension-overhead.sh");
    }

    private static boolean hasLifecycleParticipant(Path sources) {
        if (!Files.isDirectory(sources)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(sources)) {
            return files.filter(f -> f.toString().endsWith(".java")).anyMatch(f -> {
                try {
                    return Files.readString(f).contains("AbstractMavenLifecycleParticipant");
                } catch (IOException e) {
                    return false;
                }
            });
        } catch (IOException e) {
            return false;
        }
    }
}
