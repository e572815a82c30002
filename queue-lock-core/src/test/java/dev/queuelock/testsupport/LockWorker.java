package dev.queuelock.testsupport;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.WaitEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A child JVM that takes a queue lock, holds it, and logs what happened as NDJSON events.
 *
 * <pre>
 * LockWorker TMPDIR QUEUE DIR_IN_REPO HOLD_MS ROUNDS RESULTS_FILE [label=L] [stuckMs=N] [pollMs=N] [startFile=F] [priority=high] [queuelock.*=V]...
 * </pre>
 *
 * Options named {@code queuelock.*} are the factory's settings (e.g. {@code queuelock.backend=zookeeper}).
 * {@code startFile}: a start line for workers started together, so none competes while another JVM
 * still starts: log {@code ready}, then wait until the file exists before the first acquire.
 *
 * {@code HOLD_MS} -1 holds until the JVM is terminated (SIGTERM releases through a shutdown
 * hook, which logs {@code released}). Events: {@code enrolled} (first wait notice of a round, so
 * only a worker that had to wait logs it), {@code wait} (every notice), {@code acquired} (with
 * {@code askedNanos}, when it called acquire), {@code released}; each with pid, label, round,
 * wall-clock ms and {@code System.nanoTime()} (one monotonic clock for every process on Linux).
 */
public final class LockWorker {

    private LockWorker() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 6) {
            System.err.println("usage: LockWorker TMPDIR QUEUE DIR HOLD_MS ROUNDS RESULTS [label=L] [stuckMs=N] [pollMs=N]");
            System.exit(2);
        }
        Map<String, String> opts = new LinkedHashMap<>();
        for (int i = 6; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            opts.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        long holdMs = Long.parseLong(args[3]);
        int rounds = Integer.parseInt(args[4]);
        String label = opts.get("label");
        EventLog log = new EventLog(Path.of(args[5]), label);
        Map<String, String> settings = new LinkedHashMap<>(opts);
        settings.keySet().removeIf(key -> !key.startsWith("queuelock."));
        QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(Path.of(args[0]))
                .withPollInterval(Duration.ofMillis(Long.parseLong(opts.getOrDefault("pollMs", "200"))))
                .withSettings(settings);
        QueueLock lock = factory.open(args[1], Path.of(args[2]));
        AtomicBoolean holding = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            // Runs beside the lock's own hook (hooks are concurrent), which may release first:
            // hence our own flag rather than isHeld(), so a terminated holder always logs it.
            if (holding.getAndSet(false)) {
                log.append("released", -1, Map.of());
                lock.release();
            }
        }));
        if (opts.containsKey("startFile")) {
            log.append("ready", -1, Map.of());
            Path start = Path.of(opts.get("startFile"));
            while (!Files.exists(start)) {
                Thread.sleep(2);
            }
        }
        for (int round = 0; round < rounds; round++) {
            int r = round;
            boolean[] enrolled = {false};
            AcquireOptions options = AcquireOptions.defaults().withLabel(label)
                    .withStuckWarnInterval(Duration.ofMillis(Long.parseLong(opts.getOrDefault("stuckMs", "300000"))))
                    .withListener(event -> {
                        if (!enrolled[0]) {
                            enrolled[0] = true;
                            log.append("enrolled", r, describe(event)); // carries ahead/holder: readers need not wait for "wait"
                        }
                        log.append("wait", r, describe(event));
                    });
            if ("high".equals(opts.get("priority"))) {
                options = options.withHighPriority(waiter -> false);
            }
            long asked = System.nanoTime();
            try {
                lock.acquire(options);
            } catch (QueueLockException refused) {
                log.append("refused", r, Map.of("message", String.valueOf(refused.getMessage())));
                System.exit(3);
            }
            holding.set(true);
            log.append("acquired", r, Map.of("askedNanos", asked));
            if (holdMs < 0) {
                Thread.sleep(Long.MAX_VALUE);
            }
            Thread.sleep(holdMs);
            if (holding.getAndSet(false)) {
                log.append("released", r, Map.of());
                lock.release();
            }
        }
    }

    private static Map<String, Object> describe(WaitEvent event) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("ahead", event.ahead());
        fields.put("elapsedMs", event.holderElapsed().toMillis());
        fields.put("stuck", event.isStuckHolderWarning());
        event.holders().stream().findFirst().ifPresent(h -> {
            fields.put("holderPid", h.pid());
            fields.put("holderLane", h.lane());
            fields.put("holderLabel", h.label().orElse(null));
            fields.put("holderHost", h.host().orElse(null));
        });
        return fields;
    }
}
