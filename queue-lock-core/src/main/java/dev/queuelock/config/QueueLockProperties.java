package dev.queuelock.config;

import dev.queuelock.backends.QueueLockFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Every {@code queuelock.*} setting, in one place. Set them as user properties ({@code -D} on the
 * command line or in {@code .mvn/maven.config}).
 */
public final class QueueLockProperties {

    /** {@code boolean}, default {@code false}: do not take the build lock in this session. */
    public static final String SKIP = "queuelock.skip";

    /** Environment variable: {@code QUEUELOCK_SKIP=1} (or {@code true}) is the same as {@link #SKIP}. */
    public static final String SKIP_ENV = "QUEUELOCK_SKIP";

    /**
     * {@code repo|machine}, default {@code repo}: one build queue per repository (all its worktrees,
     * shared with the npm tool's {@code build-lock}), or one for all repositories of this user.
     */
    public static final String BUILD_SCOPE = "queuelock.build.scope";

    /** {@code long} milliseconds, default 200: fallback poll interval while waiting (file events usually wake sooner). */
    public static final String POLL_MILLIS = "queuelock.pollMillis";

    /** {@code long} minutes, default 5: warn that the holder is stuck after this long, and again each such interval. */
    public static final String STUCK_WARN_MINUTES = "queuelock.stuckWarnMinutes";

    /** {@code boolean}, default {@code false}: {@code queuelock:status} prints JSON instead of log lines. */
    public static final String JSON = "queuelock.json";

    /** {@code path}, default none: {@code queuelock:status} writes its report to this file instead of the console. */
    public static final String OUTPUT = "queuelock.output";

    /** {@code path}, default the top directory of the invocation: the repository {@code queuelock:status} looks at. */
    public static final String DIRECTORY = "queuelock.directory";

    private QueueLockProperties() {
    }

    /**
     * The queue factory for a session: every {@code queuelock.*} user property is handed to it,
     * so backends ({@code queuelock.backend}, {@code queuelock.land.backend},
     * {@code queuelock.zookeeper.*}) are configured the Maven way.
     */
    public static QueueLockFactory factory(Properties userProperties) {
        Map<String, String> settings = new HashMap<>();
        for (String name : userProperties.stringPropertyNames()) {
            if (name.startsWith("queuelock.")) {
                settings.put(name, userProperties.getProperty(name));
            }
        }
        return QueueLockFactory.defaults().withSettings(settings);
    }
}
