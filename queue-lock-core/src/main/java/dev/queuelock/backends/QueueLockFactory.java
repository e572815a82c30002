package dev.queuelock.backends;

import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.QueueReader;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.LockSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.file.FileBackend;
import dev.queuelock.file.QueueDirectory;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.spi.BackendContext;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.QueueBackend;
import dev.queuelock.spi.QueueChanges;
import dev.queuelock.spi.QueuePolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * Opens queue locks by queue name and a directory inside the repository, on the backend the
 * settings choose for that queue (the file backend unless told otherwise).
 */
public final class QueueLockFactory {

    /** Fallback poll interval of a waiter, as the npm tool's ({@link LockSettings#POLL}). File events usually wake it sooner. */
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(LockSettings.POLL.parse(null));

    private final Path tmpDir;
    private final Duration pollInterval;
    private final Map<String, String> settings;
    private final QueuePolicy policy;

    private QueueLockFactory(Path tmpDir, Duration pollInterval, Map<String, String> settings) {
        this(tmpDir, pollInterval, settings, QueuePolicy.LOCK_ONLY);
    }

    private QueueLockFactory(Path tmpDir, Duration pollInterval, Map<String, String> settings, QueuePolicy policy) {
        this.tmpDir = Objects.requireNonNull(tmpDir, "tmpDir");
        if (pollInterval.isZero() || pollInterval.isNegative()) {
            throw new IllegalArgumentException("poll interval must be positive: " + pollInterval);
        }
        this.pollInterval = pollInterval;
        this.settings = Map.copyOf(settings);
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /** Queues under $TMPDIR (else /tmp), where the npm tool keeps them; 200 ms fallback poll. */
    public static QueueLockFactory defaults() {
        return new QueueLockFactory(QueueDirectory.defaultTmpDir(), DEFAULT_POLL_INTERVAL, Map.of());
    }

    public QueueLockFactory withTmpDir(Path dir) {
        return new QueueLockFactory(dir, pollInterval, settings, policy);
    }

    public QueueLockFactory withPollInterval(Duration interval) {
        return new QueueLockFactory(tmpDir, interval, settings, policy);
    }

    /**
     * The queue factory for a session: every {@code queuelock.*} user property is handed to it,
     * so backends ({@link LockSettings#BACKEND}, {@link LockSettings#LAND_BACKEND},
     * {@code queuelock.zookeeper.*}) are configured as properties, and the factory reads its own
     * {@link LockSettings#POLL_MILLIS}: every lock of the session polls at that interval.
     *
     * @throws IllegalArgumentException a poll interval that is not accepted, naming the key and what it accepts
     */
    public static QueueLockFactory fromProperties(Properties userProperties) {
        Map<String, String> settings = new HashMap<>();
        for (String name : userProperties.stringPropertyNames()) {
            if (name.startsWith(Setting.PREFIX)) {
                settings.put(name, userProperties.getProperty(name));
            }
        }
        return defaults().withSettings(settings).withPollInterval(Duration.ofMillis(LockSettings.POLL.from(settings)));
    }

    /** How often a waiter that no event woke looks again. */
    public Duration pollInterval() {
        return pollInterval;
    }

    /**
     * The {@code queuelock.*} settings (user properties, system properties): which backend
     * each queue uses ({@link LockSettings#BACKEND}, {@link LockSettings#LAND_BACKEND},
     * {@link LockSettings#BUILD_BACKEND}) and the
     * backends' own settings. Other keys are ignored.
     */
    public QueueLockFactory withSettings(Map<String, String> newSettings) {
        return new QueueLockFactory(tmpDir, pollInterval, newSettings, policy);
    }

    /**
     * With what the lock does not decide itself: how {@code auto} slots are counted and what a
     * hold usually takes (the build module hands over its own). Without them slots are whole
     * numbers only and no hold is called far past its usual.
     */
    public QueueLockFactory withPolicy(QueuePolicy newPolicy) {
        return new QueueLockFactory(tmpDir, pollInterval, settings, newPolicy);
    }

    /** Queue {@code name} of the repository containing {@code dir}, as its backend identifies it. */
    public Queue queue(String name, Path dir) {
        return new Queue(name, backendFor(name).queueId(dir, context()), context());
    }

    /** Queue {@code name} under an explicit id (e.g. one key for the whole machine). */
    public Queue queue(String name, String id) {
        return new Queue(name, id, context());
    }

    /** The build queue of {@code repo}'s builds under {@code scope}: the repository's, or the machine's. */
    public Queue buildQueue(BuildScope scope, RepoKey repo) {
        return queue(Queue.BUILD, scope.buildQueueKey(repo));
    }

    /** The lock of queue {@code queue} for the repository containing {@code dir}; lane name = its working tree's directory name. */
    public QueueLock open(String queue, Path dir) {
        return open(queue(queue, dir), RepoKey.of(dir).lane());
    }

    /** The lock of queue {@code queue} under an explicit key (e.g. one key for the whole machine). */
    public QueueLock open(String queue, String repoKey, String lane) {
        return open(queue(queue, repoKey), lane);
    }

    /** The lock of {@code queue}, acting for {@code lane}. */
    public QueueLock open(Queue queue, String lane) {
        return backendFor(queue.name()).open(queue, lane);
    }

    /**
     * Like {@link #open(Queue, String)}, but a hold of this process or of an ancestor (a holder that
     * started this process to do its work) is joined instead of waited for: it already serves this process.
     */
    public JoiningLock openJoiningOwnHold(Queue queue, String lane) {
        QueueBackend backend = backendFor(queue.name());
        return new JoiningLock(backend.open(queue, lane), backend, queue);
    }

    /** {@link #openJoiningOwnHold(Queue, String)} of queue {@code queue} under an explicit key. */
    public JoiningLock openJoiningOwnHold(String queue, String repoKey, String lane) {
        return openJoiningOwnHold(queue(queue, repoKey), lane);
    }

    /** Who holds and who waits in queue {@code queue} of the repository containing {@code dir}. */
    public QueueSnapshot snapshot(String queue, Path dir) {
        return snapshot(queue(queue, dir));
    }

    public QueueSnapshot snapshot(String queue, String repoKey) {
        return snapshot(queue(queue, repoKey));
    }

    /** Who holds and who waits in {@code queue}. */
    public QueueSnapshot snapshot(Queue queue) {
        return backendFor(queue.name()).snapshot(queue);
    }

    /**
     * Looks at {@code queue} again and again, keeping what it read where its backend can (the file
     * backend re-reads only the tickets that changed): for a watch, not for a one-off look.
     */
    public QueueReader reader(Queue queue) {
        return backendFor(queue.name()).reader(queue);
    }

    /** Calls {@code changed} whenever {@code queue} may have changed, as its backend reports, until closed: for a watch. */
    public QueueChanges changes(Queue queue, Runnable changed) {
        return backendFor(queue.name()).changes(queue, changed);
    }

    /**
     * The backend queue {@code queue} runs on, as {@link Queue#backendName} decides.
     *
     * @throws QueueLockException naming the known backends if the setting names none of them
     */
    public QueueBackend backendFor(String queue) {
        String name = Queue.backendName(queue, settings);
        // No service lookup for the default: every build opens the build queue.
        return name.equals(FileBackend.NAME) ? new FileBackend() : QueueBackends.named(name);
    }

    private BackendContext context() {
        return new BackendContext(tmpDir, pollInterval, settings, policy);
    }
}
