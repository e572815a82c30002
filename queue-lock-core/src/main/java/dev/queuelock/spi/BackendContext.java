package dev.queuelock.spi;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link QueueBackend} is told: the factory's temp dir and poll interval, the settings map,
 * and the policies the lock does not decide itself (how many slots {@code auto} gives, what a hold
 * usually takes).
 */
public final class BackendContext {

    private final Path tmpDir;
    private final Duration pollInterval;
    private final Map<String, String> settings;
    private final QueuePolicy policy;

    public BackendContext(Path tmpDir, Duration pollInterval, Map<String, String> settings) {
        this(tmpDir, pollInterval, settings, null);
    }

    public BackendContext(Path tmpDir, Duration pollInterval, Map<String, String> settings, QueuePolicy policy) {
        this.tmpDir = Objects.requireNonNull(tmpDir, "tmpDir");
        this.pollInterval = Objects.requireNonNull(pollInterval, "pollInterval");
        this.settings = Map.copyOf(settings);
        this.policy = policy; // null: the lock's own, looked up only when asked (a build hands its own)
    }

    /** How the slots setting's text becomes a count, and what a long hold is judged by. */
    public QueuePolicy policy() {
        return policy != null ? policy : QueuePolicy.LOCK_ONLY;
    }

    public Path tmpDir() {
        return tmpDir;
    }

    public Duration pollInterval() {
        return pollInterval;
    }

    /** A setting such as {@code queuelock.zookeeper.connect}; blank counts as unset (plain code: every build asks). */
    public Optional<String> setting(String key) {
        String value = settings.get(key);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
    }

    public Map<String, String> settings() {
        return settings;
    }
}
