package dev.queuelock.spi;

import dev.queuelock.config.LockSettings;
import dev.queuelock.config.Setting;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One queue: which it is (its name and who shares it), how many may hold it, which backend it runs
 * on, and where the file backend keeps its state (its directory, the usage history of its builds).
 * Each of these is decided here and only here; the factory, the backends, the extension, status and
 * uninstall ask.
 */
public final class Queue {

    /** The queue builds take turns in: the only one with more than one slot. */
    public static final String BUILD = "build";

    /** A second queue, one holder at a time, that never contends with {@value #BUILD}. */
    public static final String LAND = "land";

    /** The usage history's file name in the queue's directory, beside the npm tool's {@code lock} and {@code tickets/}. */
    public static final String USAGE_HISTORY = "usage";

    /** Its temp file while it is cut: {@code .usage.<pid>.tmp}, the writer's pid between. */
    public static final String USAGE_HISTORY_TEMP_PREFIX = "." + USAGE_HISTORY + ".";
    public static final String USAGE_HISTORY_TEMP_SUFFIX = ".tmp";

    /** Whether a file of this name in a queue directory is the usage history or its temp file: nobody's work, for a cleaner. */
    public static boolean isUsageHistoryFile(String name) {
        if (name.equals(USAGE_HISTORY)) {
            return true;
        }
        if (!name.startsWith(USAGE_HISTORY_TEMP_PREFIX) || !name.endsWith(USAGE_HISTORY_TEMP_SUFFIX)) {
            return false;
        }
        String pid = name.substring(USAGE_HISTORY_TEMP_PREFIX.length(), name.length() - USAGE_HISTORY_TEMP_SUFFIX.length());
        return !pid.isEmpty() && pid.length() <= 19 && pid.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** The file backend's name, the default of every queue. */
    private static final String DEFAULT_BACKEND = "file";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    private final String name;
    private final String id;
    private final BackendContext context;
    /** {@link #directory()}, worked out on first use: the file backend and the usage history both ask, on every session's path. */
    private Path directory;

    /**
     * @param name    e.g. {@value #BUILD} or {@value #LAND}
     * @param id      who shares it: every lock opened with an equal id contends (see {@link QueueBackend#queueId})
     * @param context the settings and temp dir it is opened with
     * @throws IllegalArgumentException a name that cannot name a directory or znode
     */
    public Queue(String name, String id, BackendContext context) {
        this.name = checkName(name);
        this.id = Objects.requireNonNull(id, "id");
        this.context = Objects.requireNonNull(context, "context");
    }

    /** A queue as read with no settings of this process (uninstall, tests): only where it lives matters. */
    public static Queue in(Path tmpDir, String name, String id) {
        return new Queue(name, id, new BackendContext(tmpDir, Duration.ofMillis(1), Map.of()));
    }

    /** @throws IllegalArgumentException unless the name is letters, digits, '.', '_' or '-' (at most 64) */
    public static String checkName(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("queue name must be letters, digits, '.', '_' or '-': " + name);
        }
        return name;
    }

    public String name() {
        return name;
    }

    public String id() {
        return id;
    }

    public BackendContext context() {
        return context;
    }

    /**
     * The backend's name: {@code queuelock.<queue>.backend}, else (except for the build queue, whose
     * contention is one machine's CPU) {@link LockSettings#BACKEND}, else {@code file}.
     */
    public String backendName() {
        return backendName(name, context.settings());
    }

    /** {@link #backendName()} before the queue's id is known: the backend decides the id. */
    public static String backendName(String queue, Map<String, String> settings) {
        String perQueue = settings.get(Setting.PREFIX + queue + ".backend");
        String chosen = perQueue != null && !perQueue.isBlank() ? perQueue
                : queue.equals(BUILD) ? null : settings.get(LockSettings.BACKEND);
        return chosen == null || chosen.isBlank() ? DEFAULT_BACKEND : chosen.trim();
    }

    /** How many may hold it, as set: the build queue's {@link LockSettings#SLOTS} (a number or {@code auto}); "1" for every other queue. */
    public String slots() {
        return name.equals(BUILD) ? LockSettings.SLOTS.from(context.settings()) : "1";
    }

    /** Whether this process says how many may hold it; if not, the build queue's readers trust what its holders were told. */
    public boolean slotsSetHere() {
        return !name.equals(BUILD) || context.setting(LockSettings.BUILD_SLOTS).isPresent();
    }

    /** Where the file backend keeps it, named as claude-code-merge-queue 0.5.x names it so both tools share it. */
    public Path directory() {
        Path known = directory;
        if (known == null) {
            known = context.tmpDir().resolve("claude-code-merge-queue-" + name + "-queue-" + hash(id));
            directory = known; // a race only computes it twice: a Path is immutable
        }
        return known;
    }

    /** The file {@code auto} slots read the recent builds from and each build of this queue adds itself to. */
    public Path usageHistory() {
        return directory().resolve(USAGE_HISTORY);
    }

    /** The first 12 hex digits of the SHA-1 of the id, as the npm tool names the directory. */
    static String hash(String id) {
        byte[] digest = Sha1.digest(id.getBytes(StandardCharsets.UTF_8));
        char[] hex = new char[12];
        for (int i = 0; i < 6; i++) {
            hex[2 * i] = Character.forDigit((digest[i] >> 4) & 0xf, 16);
            hex[2 * i + 1] = Character.forDigit(digest[i] & 0xf, 16);
        }
        return new String(hex);
    }

    @Override
    public String toString() {
        return name + " queue";
    }
}
