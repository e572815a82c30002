package dev.queuelock.build.slots;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * What {@code auto} and the usage history cost a session, in microseconds of wall time and of the
 * calling thread's CPU: at the acquire ({@link AutoSlots#slots()} over a full history, then
 * {@link BuildUsage#start(String, long, String)}) and at the session's end ({@link BuildUsage#measureSince} and
 * {@link UsageHistory#record}). The first calls in a fresh JVM that holds a real build lock (so
 * what the lock loads is loaded, as in a session, where these run once), then the median of warm
 * calls. With the argument {@code fixed}, a session under a fixed number of slots: no
 * {@code slots()}, the same {@link BuildUsage#start(String, long, String)}. Not a test; run it by hand after
 * {@code mvn -o -pl queue-lock-core,queue-lock-build test-compile}:
 *
 * <pre>
 * java -cp queue-lock-core/target/classes:queue-lock-core/target/test-classes:queue-lock-build/target/classes:queue-lock-build/target/test-classes dev.queuelock.build.slots.UsageCost [fixed]
 * </pre>
 */
public final class UsageCost {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private UsageCost() {
    }

    public static void main(String[] args) throws Exception {
        boolean fixed = args.length > 0 && args[0].equals("fixed");
        Path tmp = Files.createTempDirectory("usage-cost");
        try {
            UsageHistory history = new UsageHistory(tmp.resolve("queue").resolve(UsageHistory.NAME));
            for (int i = 0; i < UsageHistory.KEEP; i++) {
                history.record(BuildUsage.described(1_780_000_000_000L + i * 90_000L, Duration.ofSeconds(60), 1.5, 1L << 30)
                        .heldBy("agent-lane-" + i % 6, 4_194_304 + i, 12_345)); // lines as long as a real build's
            }
            QueueLock lock = QueueLockFactory.defaults().withTmpDir(tmp).open("build", "usage-cost", "lane");
            AutoSlots auto = new AutoSlots(history);
            lock.acquire(AcquireOptions.defaults().withLabel("cost").withReleaseAtExit(false));
            Timer acquire = new Timer();
            if (!fixed) {
                auto.slots();
            }
            BuildUsage.Start start = BuildUsage.start("agent-lane-0", 12_345, "verify");
            acquire.stop();
            Thread.sleep(2); // a hold of no time is no build, and is not recorded
            Timer end = new Timer();
            history.record(BuildUsage.measureSince(start));
            end.stop();
            lock.release();
            System.out.printf("first call, lock held: acquire (%s) %s; session end (measureSince + record) %s [%s]%n",
                    fixed ? "start()" : "slots() + start()", acquire, end, FactSource.current().label());
            int n = 300;
            long[] acquireWall = new long[n];
            long[] endWall = new long[n];
            for (int i = 0; i < n; i++) {
                long a = System.nanoTime();
                if (!fixed) {
                    auto.slots();
                }
                BuildUsage.Start warm = BuildUsage.start("agent-lane-0", 12_345, "verify");
                long b = System.nanoTime();
                Thread.sleep(2);
                long held = System.nanoTime() - b;
                history.record(BuildUsage.measureSince(warm));
                long c = System.nanoTime();
                acquireWall[i] = b - a;
                endWall[i] = c - b - held;
            }
            System.out.printf("warm, median of %d: acquire %d us wall; session end %d us wall%n", n, median(acquireWall) / 1000,
                    median(endWall) / 1000);
        } finally {
            try (Stream<Path> files = Files.walk(tmp)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // a temp dir left behind
            }
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Wall time and the calling thread's CPU time between its creation and {@link #stop()}. */
    private static final class Timer {
        private final long wall = System.nanoTime();
        private final long cpu = THREADS.getCurrentThreadCpuTime();
        private long wallTaken;
        private long cpuTaken;

        void stop() {
            wallTaken = System.nanoTime() - wall;
            cpuTaken = THREADS.getCurrentThreadCpuTime() - cpu;
        }

        @Override
        public String toString() {
            return wallTaken / 1000 + " us wall, " + cpuTaken / 1000 + " us CPU";
        }
    }
}
