package dev.queuelock.config;


/**
 * The lock's own {@code queuelock.*} keys: the build queue's (read on every build's hot path, so
 * nothing else is declared here) and which backend each queue runs on (read by
 * {@code QueueLockFactory}). Each key is a {@link Setting}, with the values it accepts, its default
 * and its meaning, which joins {@link #SETTINGS}; the {@code String} constants are its name for the
 * core readers that look a key up in a map. The other modules declare theirs beside their own readers.
 */
public final class LockSettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    private static final String BUILD_QUEUE = "build queue";
    private static final String BACKENDS = "queue backends";

    public static final String SKIP = "queuelock.build.skip";
    public static final String BUILD_SCOPE = "queuelock.build.scope";
    public static final String BUILD_SLOTS = "queuelock.build.slots";
    public static final String POLL_MILLIS = "queuelock.build.pollMillis";
    public static final String STUCK_WARN_MINUTES = "queuelock.build.stuckWarnMinutes";
    public static final String BACKEND = "queuelock.backend";
    public static final String LAND_BACKEND = "queuelock.land.backend";
    public static final String BUILD_BACKEND = "queuelock.build.backend";

    /** Environment variable: {@code QUEUELOCK_SKIP=1} (or {@code true}) is the same as {@link #SKIP}. */
    public static final String SKIP_ENV = "QUEUELOCK_SKIP";

    public static final Setting<Boolean> SKIP_BUILD_QUEUE = SETTINGS.add(Setting.flag(SKIP, false, BUILD_QUEUE,
            "Take no build lock in this session (the environment variable QUEUELOCK_SKIP=1 does the same).").formerly("queuelock.skip"));
    public static final Setting<BuildScope> SCOPE = SETTINGS.add(Setting.choice(BUILD_SCOPE, "repo", "build queue, land, status",
            "Which builds share one build queue: repo (all working trees of this repository, shared with the npm tool's "
                    + "build-lock) or machine (all repositories of this user).", "repo", "machine")
            .as(BuildScope.class));
    public static final Setting<String> SLOTS = SETTINGS.add(Setting.numberOr(BUILD_SLOTS, 1, "auto", 1, BUILD_QUEUE,
            "How many builds run at once: 1 (strict turns, the npm tool's lock), a number, or auto (from the machine as "
                    + "it is now: its CPU, memory and I/O pressure, load average and free memory, and this repository's recent "
                    + "builds; status says what it saw and how it decided). The longest waiter takes the next free slot."));
    public static final Setting<Integer> POLL = SETTINGS.add(Setting.number(POLL_MILLIS, 1, 200, BUILD_QUEUE,
            "Fallback poll interval of a waiter, in milliseconds (file-system events usually wake it sooner).").formerly("queuelock.pollMillis"));
    public static final Setting<Integer> STUCK_WARN = SETTINGS.add(Setting.number(STUCK_WARN_MINUTES, 1, 5, BUILD_QUEUE,
            "How often, in minutes, waiters look again at a long hold: they warn only where it is far past (3 times) this "
                    + "queue's usual hold of the same work (the same goals), and never before this; a live holder is never forced out.").formerly("queuelock.stuckWarnMinutes"));
    public static final Setting<String> DEFAULT_BACKEND = SETTINGS.add(Setting.text(BACKEND, "file", null, BACKENDS,
            "Backend of every queue that has no backend setting of its own, except the build queue: "
                    + "file, or zookeeper (queue-lock-zookeeper, in the plugin)."));
    public static final Setting<String> LAND_QUEUE_BACKEND = SETTINGS.add(Setting.text(LAND_BACKEND, null, BACKEND, BACKENDS,
            "Backend of the land queue; zookeeper shares it between machines."));
    public static final Setting<String> BUILD_QUEUE_BACKEND = SETTINGS.add(Setting.text(BUILD_BACKEND, "file", null, BACKENDS,
            "Backend of the build queue; not changed by queuelock.backend, because CPU contention is per machine."));

    private LockSettings() {
    }
}
