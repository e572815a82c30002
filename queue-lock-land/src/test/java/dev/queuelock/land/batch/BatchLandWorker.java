package dev.queuelock.land.batch;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.engine.CheckAndPushSettings;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.LockSettings;
import dev.queuelock.process.HolderTree;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.checks.CommandChecks;
import dev.queuelock.land.engine.Lander;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.build.slots.DescribedMachine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/** A batching lander in its own JVM: prints its log, exits 0 if its lane landed, 2 with the message if not. */
public final class BatchLandWorker {

    /** If set, the worker prints {@value #READY} and waits until this file exists before it lands. */
    static final String GO = "QUEUELOCK_TEST_GO";
    static final String READY = "READY";

    /** The start of the leader's line that tells how many checks it runs at once, e.g. {@code ... up to 2 (queuelock.land.parallel=auto: ...)}. */
    static final String AT_ONCE = "INFO checks side by side as this lander leads: up to ";

    /**
     * If set, a file describing the machine's reading for the build queue's auto slots
     * ({@link dev.queuelock.build.slots.DescribedMachine}): the test rewrites it while the lander waits.
     */
    static final String READING = "QUEUELOCK_TEST_READING";

    /**
     * If set, the worker's own build lock joins a hold of its process, as the land goal opens it;
     * and it asks for its slot only once every check lock already handed out holds one: the order
     * in which a check beside the first takes its slot before the first asks.
     */
    static final String JOINING = "QUEUELOCK_TEST_JOINING";

    /**
     * Args: lane worktree, queue temp dir, batch size (or {@code <batch>/<checks at once>}, the
     * latter a number or {@code auto}: the build queue has as many slots, or {@code auto} slots),
     * then the check command.
     */
    public static void main(String[] args) throws Exception {
        LandLog printed = new LandLog() {
            @Override
            public void info(String line) {
                System.out.println("INFO " + line);
            }

            @Override
            public void warn(String line) {
                System.out.println("WARN " + line);
            }

            @Override
            public void error(String line) {
                System.out.println("ERROR " + line);
            }
        };
        Path lane = Path.of(args[0]);
        String[] sizes = args[2].split("/");
        String atOnce = sizes.length > 1 ? sizes[1] : "1";
        String reading = System.getenv(READING);
        // With a described reading, the build queue admits four checks; how many run at once follows the reading.
        QueueLockFactory locks = QueueLockFactory.defaults().withTmpDir(Path.of(args[1])).withPollInterval(Duration.ofMillis(50))
                .withSettings(Map.of(LockSettings.BUILD_SLOTS, reading == null ? atOnce : "4"));
        // As the land goal decides it: from the build queue's slots as a build enrolling then is told.
        Supplier<QueueSnapshot> buildQueue = reading == null ? () -> locks.snapshot("build", lane)
                : () -> DescribedMachine.withAutoSlots(locks.snapshot("build", lane), Path.of(reading));
        ChecksAtOnce parallel = new ChecksAtOnce(atOnce, buildQueue);
        Checks checks = new CommandChecks(List.of(args).subList(3, args.length), HolderTree.childEnvironment());
        List<QueueLock> handedOut = new CopyOnWriteArrayList<>();
        BatchOptions batch = new BatchOptions(Integer.parseInt(sizes[0]), parallel, () -> locks.snapshot("land", lane).waiters(),
                () -> {
                    QueueLock slot = locks.open("build", lane);
                    handedOut.add(slot);
                    return slot;
                });
        QueueLock own = System.getenv(JOINING) == null ? locks.open("build", lane)
                : afterOthersHold(locks.openJoiningOwnHold(locks.queue("build", lane), RepoKey.of(lane).lane()), handedOut);
        String go = System.getenv(GO);
        if (go != null) { // started with others: load everything, then start landing at the same moment as they do
            System.out.println(READY);
            while (!Files.exists(Path.of(go))) {
                Thread.sleep(5);
            }
        }
        try {
            LandResult result = new Lander(new Git(lane), CheckAndPushSettings.defaults(), checks, locks.open("land", lane),
                    own, printed).with(new Batching(batch)).land();
            if (!result.succeeded()) {
                failed(result.message());
            }
            System.out.println("OUTCOME " + result.outcome().id() + " " + result.commit());
        } catch (LandException e) {
            failed(e.getMessage());
        }
    }

    private static void failed(String message) {
        System.out.println("OUTCOME failed: " + message);
        System.exit(2);
    }

    /** {@code lock}, asking for its slot only once every lock in {@code others} holds one. */
    private static QueueLock afterOthersHold(QueueLock lock, List<QueueLock> others) {
        return new QueueLock() {
            @Override
            public void acquire(AcquireOptions options) throws InterruptedException {
                for (QueueLock other : others) {
                    while (!other.isHeld()) {
                        Thread.sleep(10);
                    }
                }
                lock.acquire(options);
            }

            @Override
            public void release() {
                lock.release();
            }

            @Override
            public boolean isHeld() {
                return lock.isHeld();
            }

            @Override
            public String lane() {
                return lock.lane();
            }
        };
    }
}
