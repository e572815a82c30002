package dev.queuelock.cli;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.spi.Queue;
import java.nio.file.Files;
import dev.queuelock.spi.QueuePolicy;
import java.nio.file.Path;
import java.util.ServiceLoader;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/** The options both commands share: which queue of which repo, and how the factory is set up. */
final class QueueOptions {

    /** Fallback poll interval of a waiter, e.g. {@code 50ms}; the option {@code --poll-interval} wins. */
    static final String ENV_POLL_INTERVAL = "QUEUELOCK_POLL_INTERVAL";
    static final String DEFAULT_QUEUE = Queue.BUILD;

    static final Set<String> VALUE_OPTIONS = Set.of("--queue", "--dir", "--poll-interval");

    final String queue;
    final Path dir;
    final QueueLockFactory factory;

    private QueueOptions(String queue, Path dir, QueueLockFactory factory) {
        this.queue = queue;
        this.dir = dir;
        this.factory = factory;
    }

    static QueueOptions from(Arguments args, Map<String, String> env) {
        String queue = args.value("--queue", DEFAULT_QUEUE);
        Path tmpDir = tmpDir(env);
        try {
            Queue.checkName(queue);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--queue: " + e.getMessage());
        }
        Path dir = Path.of(args.value("--dir", ".")).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new UsageException("--dir: not a directory: " + dir);
        }
        String poll = args.value("--poll-interval", env.get(ENV_POLL_INTERVAL));
        Duration pollInterval = poll == null || poll.isEmpty()
                ? QueueLockFactory.DEFAULT_POLL_INTERVAL
                : Arguments.duration(args.has("--poll-interval") ? "--poll-interval" : ENV_POLL_INTERVAL, poll);
        return new QueueOptions(queue, dir, withBuildPolicy(
                QueueLockFactory.defaults().withTmpDir(tmpDir).withPollInterval(pollInterval).withSettings(settings())));
    }

    /**
     * The build module's policy where it is on the class path (a service): {@code auto} slots and
     * long holds judged by the recorded ones. The lock alone records no holds, so it calls none far past.
     */
    private static QueueLockFactory withBuildPolicy(QueueLockFactory factory) {
        for (QueuePolicy policy : ServiceLoader.load(QueuePolicy.class, QueueOptions.class.getClassLoader())) {
            return factory.withPolicy(policy);
        }
        return factory;
    }

    /** The {@code -Dqueuelock.*} system properties: the backend of each queue and the backends' settings. */
    private static Map<String, String> settings() {
        Map<String, String> settings = new java.util.HashMap<>();
        System.getProperties().forEach((key, value) -> {
            if (key.toString().startsWith("queuelock.")) {
                settings.put(key.toString(), value.toString());
            }
        });
        return settings;
    }

    /** $TMPDIR as the npm tool reads it (the factory's default reads the real environment; tests pass their own). */
    private static Path tmpDir(Map<String, String> env) {
        String tmp = env.get("TMPDIR");
        return Path.of(tmp == null || tmp.isEmpty() ? "/tmp" : tmp);
    }
}
