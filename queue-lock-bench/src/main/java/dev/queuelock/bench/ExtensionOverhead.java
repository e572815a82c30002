package dev.queuelock.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Scenario 6 is measured by {@code bench/extension-overhead.sh}, not in this run: it needs
 * queue-lock installed in a local repository, which this benchmark never does.
 */
final class ExtensionOverhead {

    private final Path repoRoot;

    ExtensionOverhead(Path repoRoot) {
        this.repoRoot = repoRoot;
    }

    /** Empty when measured; else why not, for the table. */
    Optional<String> notMeasuredBecause() {
        Path sources = repoRoot.resolve("queue-lock-maven-plugin/src/main/java");
        if (!hasLifecycleParticipant(sources)) {
            return Optional.of("not measured: queue-lock-maven-plugin has no core extension in this checkout yet");
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
