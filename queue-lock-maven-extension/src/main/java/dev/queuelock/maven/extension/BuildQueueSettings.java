package dev.queuelock.maven.extension;

import dev.queuelock.config.BuildScope;
import dev.queuelock.config.LockSettings;
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

    /** @throws IllegalArgumentException with a one-line message naming the bad property and what it accepts */
    static BuildQueueSettings from(Properties user, Map<String, String> env) {
        String skipReason = null;
        if (LockSettings.SKIP_BUILD_QUEUE.from(user)) {
            skipReason = "-D" + LockSettings.SKIP + "=true";
        } else if (isTrue(env.get(LockSettings.SKIP_ENV))) {
            skipReason = LockSettings.SKIP_ENV + "=" + env.get(LockSettings.SKIP_ENV);
        }
        return new BuildQueueSettings(skipReason, LockSettings.SCOPE.from(user),
                Duration.ofMillis(LockSettings.POLL.from(user)), Duration.ofMinutes(LockSettings.STUCK_WARN.from(user)));
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

    /** The environment variable, as the npm tool's users set it: 1 or true. */
    private static boolean isTrue(String value) {
        return value != null && (value.equalsIgnoreCase("true") || value.equals("1"));
    }
}
