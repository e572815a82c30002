package dev.queuelock.land.setup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.RecordedLog;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.spi.Queue;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What uninstall removes of queue-lock's own state, and what it must keep: anything in use. */
@Timeout(60)
class OwnStateTest {

    @TempDir
    Path tmp;

    Path commonDir;
    Path stateDir;
    Path queues;
    QueueLockFactory locks;
    final RecordedLog log = new RecordedLog();

    @BeforeEach
    void setUp() throws Exception {
        commonDir = Files.createDirectories(tmp.resolve("repo/.git"));
        stateDir = Files.createDirectories(commonDir.resolve("queuelock"));
        Files.createDirectories(stateDir.resolve("logs"));
        Files.writeString(stateDir.resolve("land-history.json"), "[]\n");
        Files.writeString(stateDir.resolve("logs/lane-a-20261204-120000-000.log"), "BUILD SUCCESS\n");
        // A check's companions go with its log and are no check log of their own.
        Files.writeString(stateDir.resolve("logs/lane-a-20261204-120000-000.log.plan"), "{}\n");
        Files.writeString(stateDir.resolve("logs/lane-a-20261204-120000-000.log.changed"), "pom.xml\n");
        Files.createDirectories(stateDir.resolve("batch/requests"));
        queues = Files.createDirectories(tmp.resolve("queues"));
        locks = QueueLockFactory.defaults().withTmpDir(queues);
        for (String queue : new String[] {"build", "land"}) { // used once, idle now
            QueueLock lock = locks.open(queue, commonDir.toString(), "lane-a");
            lock.acquire(AcquireOptions.defaults());
            lock.release();
        }
    }

    /** Every entry a landing, a batch, checks side by side or a flaky rerun leaves (as {@link StateEntry} names them) goes. */
    @Test
    void everyEntryOfTheStateGoesAndThenTheFolder() throws Exception {
        for (StateEntry entry : StateEntry.values()) {
            if (entry.removedWithState() && !Files.exists(entry.in(stateDir))) {
                Files.createDirectories(entry.in(stateDir).resolve("something"));
            }
        }
        Files.createDirectories(StateEntry.SCRATCH.in(stateDir)); // no scratch worktree left in it

        new OwnState(commonDir, locks, log).remove();

        assertThat(commonDir.resolve("queuelock")).doesNotExist();
    }

    @Test
    void aScratchWorktreeLeftBehindKeepsTheFolderAndSaysHowToRemoveIt() throws Exception {
        Files.createDirectories(StateEntry.SCRATCH.in(stateDir).resolve("batch-1"));

        new OwnState(commonDir, locks, log).remove();

        assertThat(StateEntry.HISTORY.in(stateDir)).doesNotExist();
        assertThat(StateEntry.SCRATCH.in(stateDir).resolve("batch-1")).exists();
        assertThat(log.lines()).anyMatch(l -> l.startsWith("WARN kept " + StateEntry.SCRATCH.in(stateDir)) && l.contains("git worktree remove"));
    }

    @Test
    void theHistoryLogsAndIdleQueuesAreRemoved() throws Exception {
        new OwnState(commonDir, locks, log).remove();

        assertThat(commonDir.resolve("queuelock")).doesNotExist();
        assertThat(queue("build")).doesNotExist();
        assertThat(queue("land")).doesNotExist();
        assertThat(log.lines()).contains("INFO removed the idle queue directory " + queue("build"),
                "INFO removed the idle queue directory " + queue("land"),
                "INFO removed queue-lock's state in " + commonDir.resolve("queuelock") + ": the landing history and 1 check log(s)");
    }

    @Test
    void aLandingUnderWayKeepsTheLandQueueAndTheState() throws Exception {
        QueueLock landing = locks.open("land", commonDir.toString(), "lane-b");
        landing.acquire(AcquireOptions.defaults().withLabel("lane/b"));
        try {
            new OwnState(commonDir, locks, log).remove();
        } finally {
            landing.release();
        }

        assertThat(queue("land").resolve("tickets")).as("the holder's queue").exists();
        assertThat(stateDir.resolve("land-history.json")).exists();
        assertThat(queue("build")).as("the idle build queue goes all the same").doesNotExist();
        assertThat(log.warnings()).anySatisfy(w -> assertThat(w).startsWith("kept " + queue("land") + ": someone holds or waits"))
                .anySatisfy(w -> assertThat(w).startsWith("kept queue-lock's state in " + stateDir + ": a landing is under way"));
    }

    @Test
    void aLandingNoteOfALiveProcessKeepsTheState() throws Exception {
        // The land queue on another backend (ZooKeeper): the lander's note still says it runs.
        Files.createDirectories(stateDir.resolve("landing"));
        Files.writeString(stateDir.resolve("landing/lane-c.json"), "{\"pid\":" + ProcessHandle.current().pid()
                + ",\"start\":\"" + ProcessStart.current() + "\",\"branch\":\"lane/c\",\"phase\":\"checks\"}");

        new OwnState(commonDir, locks, log).remove();

        assertThat(stateDir.resolve("land-history.json")).exists();
        assertThat(log.warnings()).anySatisfy(w -> assertThat(w).contains("a landing is under way"));
    }

    @Test
    void aPreviewShownInTheMainCheckoutKeepsWhatRestoringItNeeds() throws Exception {
        Path preview = Files.writeString(stateDir.resolve("preview.json"), "{}");

        new OwnState(commonDir, locks, log).remove();

        assertThat(preview).exists();
        assertThat(stateDir.resolve("land-history.json")).doesNotExist();
        assertThat(log.warnings()).anySatisfy(w -> assertThat(w).startsWith("kept " + preview + ": the main checkout shows"));
    }

    private Path queue(String name) {
        return Queue.in(queues, name, commonDir.toString()).directory();
    }
}
