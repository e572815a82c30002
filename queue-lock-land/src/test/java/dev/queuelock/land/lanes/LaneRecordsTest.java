package dev.queuelock.land.lanes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.land.batch.BatchBoard;
import dev.queuelock.process.Processes;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.Timing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Lanes named by live records: real queues with a real holder, real landing notes and batch requests of real processes. */
class LaneRecordsTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void aBuildHoldingTheLockKeepsItsLaneWhereverItsProcessWorksUntilItDies() throws Exception {
        // As mvnd's daemon builds lane 2: the holder's process works elsewhere, its record names the lane.
        Path lane = Files.createDirectories(tmp.resolve("shop-lane-2"));
        ChildProcess holder = new LockWorkers(children, tmp, lane, "build").startHolder("verify");
        QueueLockFactory queues = QueueLockFactory.defaults().withTmpDir(tmp);
        Path common = Files.createDirectories(tmp.resolve("shop/.git"));

        LaneRecords records = LaneRecords.read(common, Map.of("build", queues.snapshot("build", lane)), Map.of());
        assertThat(records.naming(lane(2))).contains("build lock held by lane shop-lane-2 (verify), pid " + holder.pid());
        assertThat(records.naming(lane(3))).isEmpty();
        assertThat(records.unknownBecause()).isEmpty();

        holder.kill9();
        holder.awaitExit(Timing.forChildToStart());
        assertThat(LaneRecords.read(common, Map.of("build", queues.snapshot("build", lane)), Map.of()).naming(lane(2)))
                .as("a dead holder's record is no one's").isEmpty();
    }

    @Test
    void aWaiterALanderUnderWayAndABatchRequestKeepTheirLanesTheDeadDoNot() throws Exception {
        Path common = Files.createDirectories(tmp.resolve("shop/.git"));
        ChildProcess lander = children.sleeper(tmp.resolve("lander.log"));
        ChildProcess ended = children.sleeper(tmp.resolve("ended.log"));
        String endedStart = Processes.current().startToken(ended.pid()).orElse(null);
        ended.kill9();
        ended.awaitExit(Timing.forChildToStart());
        note(common, "shop-lane-4", lander.pid(), Processes.current().startToken(lander.pid()).orElse(null), "lane/4");
        note(common, "shop-lane-5", ended.pid(), endedStart, "lane/5");
        // A batch request as a lander publishes it (the board's JSON), of a live process.
        StateFiles.write(common.resolve("queuelock/batch/requests/shop-lane-6.json"), Map.of("pid", lander.pid(),
                "lane", "shop-lane-6", "branch", "lane/6", "commit", "0123456789abcdef", "ts", 1L));
        LockRecord waiter = new LockRecord(4242, "shop-lane-3", "lane/3", 1L, null);

        LaneRecords records = LaneRecords.read(common, Map.of("land", new QueueSnapshot(tmp, List.of(), List.of(waiter))), new BatchBoard(common).liveOffers());

        assertThat(records.naming(lane(3))).contains("waiting for the land lock: lane shop-lane-3 (lane/3), pid 4242");
        assertThat(records.naming(lane(4))).contains("its lander, pid " + lander.pid() + ", landing lane/4");
        assertThat(records.naming(lane(5))).as("its lander died").isEmpty();
        assertThat(records.naming(lane(6))).contains("offered for a batch: shop-lane-6 (lane/6 at 0123456789, pid " + lander.pid() + ")");
    }

    @Test
    void recordsThatCannotBeReadKeepEveryLaneAndSayWhy() {
        LaneKeepers keepers = new LaneKeepers(LiveProcesses.now(LaneUse.defaults()),
                LaneRecords.unknown("cannot read the build and land queues (denied)"));
        assertThat(keepers.keeper(lane(2))).as("nobody works there, as far as processes go")
                .contains("cannot read the build and land queues (denied)");
        assertThat(keepers.unknownBecause()).contains("cannot read the build and land queues (denied)");
    }

    private Lane lane(int n) {
        return new Lane(n, tmp.resolve("shop-lane-" + n), "lane/" + n);
    }

    /** A landing note as the lander writes it ({@code InFlightLanding}). */
    private static void note(Path common, String lane, long pid, String start, String branch) throws Exception {
        Map<String, Object> note = new java.util.LinkedHashMap<>();
        note.put("pid", pid);
        note.put("start", start);
        note.put("branch", branch);
        note.put("head", "0123456789abcdef");
        note.put("phase", "queue-wait");
        StateFiles.write(common.resolve("queuelock/landing/" + lane + ".json"), note);
    }
}
