package dev.queuelock.bench;

import dev.queuelock.build.slots.BuildPolicy;
import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.LockSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Our side's worker JVM: acquires and releases the queue lock {@code rounds} times, holding it
 * {@code hold} ms (-1: until killed; with {@code gate=stdin}: until a line on stdin), and logs each
 * acquisition as {@link AcquisitionLog} lines in CLOCK_MONOTONIC nanoseconds.
 *
 * <pre>JavaWorker tmp=DIR key=REPOKEY log=FILE rounds=K hold=MS [gate=stdin] [ready=FILE] [slots=N]</pre>
 *
 * {@code ready}: a start barrier (create the file, then wait for a line on stdin), so N workers
 * start competing at the same moment. {@code slots}: the build queue's
 * {@link LockSettings#BUILD_SLOTS}, how many workers hold at once (default 1).
 */
public final class JavaWorker {

    private JavaWorker() {
    }

    public static void main(String[] argv) throws Exception {
        BenchArgs args = BenchArgs.parse(argv);
        AcquisitionLog log = new AcquisitionLog(Path.of(args.require("log")));
        int rounds = args.integer("rounds", 1);
        int hold = args.integer("hold", 20);
        boolean gate = args.has("gate");
        QueueLockFactory factory = BuildPolicy.on(QueueLockFactory.defaults()).withTmpDir(Path.of(args.require("tmp")))
                .withPollInterval(Duration.ofMillis(args.integer("poll", 200)))
                .withSettings(args.has("slots") ? Map.of(LockSettings.BUILD_SLOTS, args.require("slots")) : Map.of());
        QueueLock lock = factory.open(args.get("queue", "build"), args.require("key"), "bench");
        StartBarrier.await(args);
        AcquireOptions options = AcquireOptions.defaults().withLabel("bench");
        for (int round = 0; round < rounds; round++) {
            long wait = Clock.now();
            lock.acquire(options);
            long acquired = Clock.now();
            if (gate || hold < 0) {
                log.write(round, wait, acquired, -1); // the benchmark watches for this one at once
                if (gate) {
                    StartBarrier.awaitLine();
                } else {
                    Thread.sleep(Long.MAX_VALUE);
                }
            } else {
                Thread.sleep(hold);
            }
            long released = Clock.now();
            lock.release();
            log.add(round, wait, acquired, released); // written later: no I/O between release and re-enroll
        }
        log.flush();
    }
}
