package dev.queuelock.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Scenario 6 - HOOK, NOT MEASURED YET: the Maven core extension is being merged separately.
 *
 * <p>To wire it once {@code queue-lock-maven-plugin} has the extension: in {@link #measure}, write
 * a one-module project under a {@link RunDir}, then time at least 10 alternated uncontended runs
 * of {@code mvn -q validate} without and with the extension (activated through the project's
 * {@code .mvn/extensions.xml}, resolved from an isolated {@code -Dmaven.repo.local} under
 * target/ - never install SNAPSHOTs into ~/.m2), and report both medians and their ratio
 * (target: overhead &le; 3 %).
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
        return Optional.of("not measured: the extension exists, but this hook is not wired yet (see ExtensionOverhead)");
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
