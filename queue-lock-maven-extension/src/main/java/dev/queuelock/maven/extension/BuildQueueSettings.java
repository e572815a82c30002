package dev.queuelock.maven.extension;

import dev.queuelock.AcquireOptions;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.QueueLockProperties;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/** The {@code queuelock.*} user properties and {@code QUEUELOCK_SKIP} as one session sees them. */
final class BuildQueueSettings {

    private final String skipReason;
    private final BuildScope scope;
    private final Duration pollInterval;
    private final Duration stuckWarnInterval;

    private BuildQueueSettings(String skipReason, BuildScope scope, Duration pollInterval, Duration stuckWarnInterval) {
        this.skipReason = skipReason;
        this.scope = scope;
        this.pollInterval = pollInterval;
        this.stuckWarnInterval = stuckWarnInterval;
    }

    /** @throws IllegalArgumentException with a one-line message naming the bad property */
    static BuildQueueSettings from(Properties user, Map<String, String> env) {
        String skipReason = null;
        if (isTrue(user.getProperty(QueueLockProperties.SKIP))) {
            skipReason = "-D" + QueueLockProperties.SKIP + "=true";
        } else if (isTrue(env.get(QueueLockProperties.SKIP_ENV))) {
            skipReason = QueueLockProperties.SKIP_ENV + "=" + env.get(QueueLockProperties.SKIP_ENV);
        }
        return new BuildQueueSettings(skipReason,
                BuildScope.parse(user.getProperty(QueueLockProperties.BUILD_SCOPE)),
                Duration.ofMillis(positive(user, QueueLockProperties.POLL_MILLIS, QueueLockFactory.DEFAULT_POLL_INTERVAL.toMillis())),
                Duration.ofMinutes(positive(user, QueueLockProperties.STUCK_WARN_MINUTES,
                        AcquireOptions.DEFAULT_STUCK_WARN_INTERVAL.toMinutes())));
    }

    /** Why this session takes no lock, if it is skipped by configuration. */
    Optional<String> skipReason() {
        return Optional.ofNullable(skipReason);
    }

    BuildScope scope() {
        return scope;
    }

    Duration pollInterval() {
        return pollInterval;
    }

    Duration stuckWarnInterval() {
        return stuckWarnInterval;
    }

    private static boolean isTrue(String value) {
        return value != null && (value.equalsIgnoreCase("true") || value.equals("1"));
    }

    private static long positive(Properties user, String name, long defaultValue) {
        String value = user.getProperty(name);
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + " must be a positive whole number, not '" + value + "'");
    }
}
