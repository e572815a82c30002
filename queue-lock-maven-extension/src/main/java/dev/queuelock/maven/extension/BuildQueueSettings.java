package dev.queuelock.maven.extension;

import dev.queuelock.build.AffectedBuildSettings;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.KnownKeys;
import dev.queuelock.repository.LaneDirectorySettings;
import dev.queuelock.build.localrepo.LocalRepositorySettings;
import dev.queuelock.config.LockSettings;
import dev.queuelock.build.ReuseSettings;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.maven.extension.check.LandCheckProperties;
import dev.queuelock.repository.LaneDirectory;
import dev.queuelock.repository.ports.LanePortSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.maven.MavenExecutionException;
import org.apache.maven.execution.MavenExecutionRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code queuelock.*} user properties and {@code QUEUELOCK_SKIP} as one session sees them, and
 * whether the session takes the build lock at all. The poll interval is the queue factory's own.
 */
final class BuildQueueSettings {

    private static final Logger LOG = LoggerFactory.getLogger(BuildQueueSettings.class);

    /** The groups of the keys this realm reads. */
    private static final List<SettingGroup> READ_HERE = List.of(LockSettings.SETTINGS, LaneDirectorySettings.SETTINGS,
            LocalRepositorySettings.SETTINGS);
    /** The other queuelock.* names this realm reads or sets (constants: naming them loads no class). */
    private static final List<String> NAMED_HERE = List.of(AffectedBuildSettings.AFFECTED, LaneDirectory.NUMBER_PROPERTY,
            LaneDirectory.PORT_PROPERTY, LandCheckProperties.CHANGED_FILES, LandCheckProperties.ROOT,
            LandCheckProperties.CHANGED_OWN, LandCheckProperties.CHANGED_AHEAD, LandCheckProperties.PLAN,
            ReuseSettings.STORE_MEGABYTES_KEY, ReuseSettings.TESTED_KEY, ReuseSettings.TESTED_IN_LAND_CHECKS_KEY, LanePortSettings.PORTS, LanePortSettings.NAMED_PORT_BASE_KEY);

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
        for (SettingGroup group : READ_HERE) {
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

    /**
     * Warns of each queuelock.* name in the user or system properties that no key has (a typo), naming
     * the nearest key, once per session (the goals check too). A build that sets none of them pays a
     * look at its property names: the list of every key ({@link KnownKeys}) loads only for a name
     * this realm does not read itself.
     */
    static void warnUnknownKeys(MavenExecutionRequest request) {
        // A loop, not forEach(LOG::warn): every session runs this, and linking a lambda costs in a cold JVM.
        for (String warning : unknownKeys(request)) {
            LOG.warn(warning);
        }
    }

    /** What {@link #warnUnknownKeys} says: one line per unknown name not yet warned about in this session. */
    static List<String> unknownKeys(MavenExecutionRequest request) {
        List<String> names = SettingGroup.undeclared(READ_HERE, request.getUserProperties(), request.getSystemProperties());
        if (names.isEmpty()) {
            return names;
        }
        List<String> others = new ArrayList<>(names);
        others.removeAll(NAMED_HERE);
        return others.isEmpty() ? others : KnownKeys.warnOnce(request.getData(), others);
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
