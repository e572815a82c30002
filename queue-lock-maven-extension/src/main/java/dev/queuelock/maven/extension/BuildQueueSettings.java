package dev.queuelock.maven.extension;

import dev.queuelock.config.BuildScope;
import dev.queuelock.config.LaneDirectorySettings;
import dev.queuelock.config.LocalRepositorySettings;
import dev.queuelock.config.LockSettings;
import dev.queuelock.config.SettingGroup;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.maven.MavenExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code queuelock.*} user properties and {@code QUEUELOCK_SKIP} as one session sees them, and
 * whether the session takes the build lock at all. The poll interval is the queue factory's own.
 */
final class BuildQueueSettings {

    private static final Logger LOG = LoggerFactory.getLogger(BuildQueueSettings.class);

    private final String skipReason;
    private final BuildScope scope;
    private final Duration stuckWarnInterval;

    private BuildQueueSettings(String skipReason, BuildScope scope, Duration stuckWarnInterval) {
        this.skipReason = skipReason;
        this.scope = scope;
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
        return new BuildQueueSettings(skipReason, LockSettings.SCOPE.from(user), Duration.ofMinutes(LockSettings.STUCK_WARN.from(user)));
    }

    /** {@link #from}, a refusal as the one-line failure Maven shows. */
    static BuildQueueSettings read(Properties user, Map<String, String> env) throws MavenExecutionException {
        // A few map look-ups: the keys this realm reads, moved from a former name with a warning naming the new one.
        for (SettingGroup group : List.of(LockSettings.SETTINGS, LaneDirectorySettings.SETTINGS, LocalRepositorySettings.SETTINGS)) {
            for (String renamed : group.carryOver(user)) {
                LOG.warn(renamed);
            }
        }
        try {
            return from(user, env);
        } catch (IllegalArgumentException e) {
            throw new MavenExecutionException(e.getMessage(), e);
        }
    }

    /** Whether the session queues: not when skipped, nor for only our own goals ({@link OwnGoals#onlyOwn}; land takes its own locks). */
    boolean takesLock(boolean onlyOwnGoals) {
        if (skipReason != null) {
            LOG.info("Build queue skipped ({}).", skipReason);
            return false;
        }
        return !onlyOwnGoals;
    }

    BuildScope scope() {
        return scope;
    }

    Duration stuckWarnInterval() {
        return stuckWarnInterval;
    }

    /** The environment variable, as the npm tool's users set it: 1 or true. */
    private static boolean isTrue(String value) {
        return value != null && (value.equalsIgnoreCase("true") || value.equals("1"));
    }
}
