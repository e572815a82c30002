package dev.queuelock.land;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.land.batch.Batching;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A batching lander in its own JVM: prints its log, exits 0 if its lane landed, 2 with the message if not. */
public final class BatchLandWorker {

    /** Args: lane worktree, queue temp dir, batch size, then the check command. */
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
        QueueLockFactory locks = QueueLockFactory.defaults().withTmpDir(Path.of(args[1])).withPollInterval(Duration.ofMillis(50));
        Checks checks = new CommandChecks(List.of(args).subList(3, args.length), Map.of());
        BatchOptions batch = new BatchOptions(Integer.parseInt(args[2]), () -> locks.snapshot("land", lane).waiters());
        try {
            LandRun run = new Lander(new Git(lane), LandSettings.defaults(), checks, locks.open("land", lane),
                    locks.open("build", lane), printed).with(new Batching(batch)).land();
            System.out.println("OUTCOME " + run.outcome + " " + run.commit);
        } catch (LandException e) {
            System.out.println("OUTCOME failed: " + e.getMessage());
            System.exit(2);
        }
    }
}
