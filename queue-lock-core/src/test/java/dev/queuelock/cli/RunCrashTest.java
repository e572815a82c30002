package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.LockRecord;
import dev.queuelock.process.HolderTree;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.CliLane;
import dev.queuelock.testsupport.CliLaneTestSupport;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code kill -9} of a holding {@code run}: its CMD runs on, and so the lock stays held until CMD ends. */
class RunCrashTest extends CliLaneTestSupport {

    /** CMD: holds until the file {@code release} appears in the lane, then ends. */
    private static final String HOLD = "touch started; while [ ! -f release ]; do sleep 0.1; done";

    @Test
    @Timeout(120)
    void aKilledHoldersCommandKeepsTheLockUntilItEndsAndTheNextSaysItTookOver() throws Exception {
        ChildProcess holder = lane.start("holder", "run", "--label", "hold", "--", "sh", "-c", HOLD);
        await().atMost(CliLane.PATIENCE).until(() -> Files.exists(lane.dir().resolve("started")));
        long holderPid = holder.pid();
        // Killed once its CMD is known to be its own (the portable layer records the child just
        // after starting it; a kill inside that moment would leave CMD unseen, as on a Mac).
        LockRecord held = lane.snapshot().holders().get(0);
        await().atMost(CliLane.PATIENCE).until(() -> HolderTree.anyStartedBy(held.pid(), held.start().orElse(null)));

        holder.kill9(); // no shutdown hook: CMD (re-parented) runs on

        ChildProcess next = lane.start("next", "run", "--", "true");
        lane.awaitStderr(next, "next up; lane lane-a (hold), pid " + holderPid + ", holding for");
        assertThat(next.exitsWithin(Duration.ofSeconds(3))).as("one build at a time: CMD still runs").isFalse();
        assertThat(lane.snapshot().holders().stream().findFirst().map(LockRecord::pid)).hasValue(holderPid);

        Files.createFile(lane.dir().resolve("release"));

        assertThat(next.awaitExit(CliLane.PATIENCE)).isZero();
        assertThat(next.stderr()).contains("holder pid " + holderPid + " (lane lane-a, hold) died; taking over");
    }
}
