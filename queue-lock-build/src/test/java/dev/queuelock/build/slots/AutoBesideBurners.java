package dev.queuelock.build.slots;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.LockSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code auto} on this machine with CPU burners beside it: starts {@code burners} (first argument,
 * default 3) {@code sha256sum /dev/zero}, each in a session of its own, waits until the probe sees
 * them (or 40 s), then holds one slot of a real build queue under {@code auto} whose history says
 * a build keeps 0.45 cores busy (an idle 2-core machine holds 5 such builds) and counts how many
 * more builds it admits within 10 s. Prints what {@code status} would say. The burners are stopped
 * at the end. Not a test (it loads the machine); run it by hand after
 * {@code mvn -o -pl queue-lock-core,queue-lock-build test-compile}:
 *
 * <pre>
 * java -cp queue-lock-core/target/classes:queue-lock-core/target/test-classes:queue-lock-build/target/classes:queue-lock-build/target/test-classes dev.queuelock.build.slots.AutoBesideBurners 3
 * </pre>
 */
public final class AutoBesideBurners {

    private AutoBesideBurners() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Path tmp = Files.createTempDirectory("auto-burners");
        List<Process> burners = new ArrayList<>();
        try {
            System.out.println("before: " + MachineProbe.current().pressure());
            for (int i = 0; i < count; i++) {
                burners.add(new ProcessBuilder("setsid", "sha256sum", "/dev/zero").redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            while (count > 0 && System.nanoTime() < deadline && MachineProbe.current().pressure().cpuSome() < MachineRoom.CPU_STALLED
                    && MachineProbe.current().pressure().load() < count) {
                Thread.sleep(1000);
            }
            QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(tmp).withSettings(Map.of(LockSettings.BUILD_SLOTS, "auto"));
            UsageHistory history = new UsageHistory(factory.queue("build", "burners").usageHistory());
            for (int i = 0; i < 6; i++) {
                history.record(BuildUsage.described(System.currentTimeMillis() - 3_600_000L + i * 120_000L, Duration.ofSeconds(60),
                        0.45, 1L << 30));
            }
            List<QueueLock> held = new ArrayList<>();
            QueueLock first = factory.open("build", "burners", "lane-0");
            first.acquire(AcquireOptions.defaults().withReleaseAtExit(false));
            held.add(first);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            for (int lane = 1; lane < 6 && System.nanoTime() < until; lane++) {
                QueueLock next = factory.open("build", "burners", "lane-" + lane);
                Thread taker = new Thread(() -> {
                    try {
                        next.acquire(AcquireOptions.defaults().withReleaseAtExit(false));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                taker.start();
                taker.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime())));
                if (!next.isHeld()) {
                    taker.interrupt();
                    taker.join();
                    break;
                }
                held.add(next);
            }
            System.out.println(count + " burners: " + held.size() + " build(s) admitted; "
                    + factory.snapshot("build", "burners").slotsDecision());
            for (QueueLock lock : held) {
                lock.release();
            }
        } finally {
            for (Process burner : burners) {
                burner.destroy();
            }
            for (Process burner : burners) {
                burner.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }
}
