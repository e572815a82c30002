package dev.queuelock.land.engine;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.checks.CommandChecks;
import dev.queuelock.land.git.Git;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A lander in its own JVM, so a test can kill it with a real {@code kill -9} mid-flight. */
public final class LandWorker {

    /** Args: lane worktree, queue temp dir, then the check command. */
    public static void main(String[] args) throws Exception {
        LandLog quiet = new LandLog() {
            @Override
            public void info(String line) {
                System.out.println(line);
            }

            @Override
            public void warn(String line) {
                System.out.println(line);
            }

            @Override
            public void error(String line) {
                System.out.println(line);
            }
        };
        Checks checks = new CommandChecks(List.of(args).subList(2, args.length), Map.of());
        Path lane = Path.of(args[0]);
        QueueLockFactory locks = QueueLockFactory.defaults().withTmpDir(Path.of(args[1]));
        LandResult result = new Lander(new Git(lane), CheckAndPushSettings.defaults(), checks, locks.open("land", lane),
                locks.open("build", lane), quiet).land();
        if (!result.succeeded()) {
            throw new LandException(result.message()); // as the goal fails: the worker's exit says it did not land
        }
    }
}
