package dev.queuelock.land.lanes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.base.RecordedLog;
import dev.queuelock.land.git.Git;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prune drops the build output of a lane idle longer than {@code queuelock.lanes.dropIdleOutputAfter}
 * (each {@code target/} beside a {@code pom.xml}, nothing else), keeps it in a lane worked in lately,
 * and drops nothing where the setting is not given.
 */
class IdleOutputsTest {

    @TempDir
    Path tmp;

    GitFixture repo;
    Path lane;

    @BeforeEach
    void aLaneWithOutput() throws Exception {
        repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        Files.writeString(repo.main.resolve(".git/info/exclude"), "target/\n");
        lane = repo.lane("main-lane-1");
        GitFixture.commit(lane, "pom.xml", "<project/>\n", "parent");
        GitFixture.commit(lane, "app/pom.xml", "<project/>\n", "module");
        Files.createDirectories(lane.resolve("app/target/classes"));
        Files.write(lane.resolve("app/target/classes/A.class"), new byte[120_000]);
        Files.createDirectories(lane.resolve("target")); // the parent's: empty
    }

    @Test
    void everyTargetBesideAPomAndNothingElse() throws Exception {
        Files.createDirectories(lane.resolve("docs/target")); // no pom.xml beside it: not Maven's output
        Files.createDirectories(lane.resolve("app/target/it/project/target")); // inside the output: goes with it
        Files.createDirectories(lane.resolve("lib"));
        Files.writeString(lane.resolve("lib/pom.xml"), "<project/>\n");
        Files.createSymbolicLink(lane.resolve("lib/target"), Files.createDirectories(tmp.resolve("elsewhere"))); // a link: never followed

        assertThat(IdleOutputs.outputs(lane)).containsExactlyInAnyOrder(lane.resolve("target"), lane.resolve("app/target"));
    }

    @Test
    void anIdleLanesOutputIsDroppedWithWhatItFreed() throws Exception {
        RecordedLog log = new RecordedLog();
        LanePruner pruner = pruner(Map.of(LaneUse.DROP_IDLE_OUTPUT.name(), "1ms"), log);
        Thread.sleep(5); // idle longer than 1ms: the decision, not the clock

        assertThat(pruner.prune(repo.main)).isEmpty();

        assertThat(lane.resolve("app/target")).doesNotExist();
        assertThat(lane.resolve("target")).doesNotExist();
        assertThat(lane.resolve("app/pom.xml")).exists();
        assertThat(pruner.droppedOutputLanes()).isEqualTo(1);
        assertThat(pruner.droppedOutputBytes()).isEqualTo(120_000);
        assertThat(log.lines()).anyMatch(line -> line.matches("INFO dropped the build output of lane main-lane-1, idle \\S+"
                + " \\(queuelock.lanes.dropIdleOutputAfter 1ms\\): app/target, target, freeing 120 kB"));
    }

    @Test
    void aLaneWorkedInLatelyOrNoSettingKeepsIt() throws Exception {
        LanePruner notSet = pruner(Map.of(), new RecordedLog());
        notSet.prune(repo.main);
        LanePruner anHour = pruner(Map.of(LaneUse.DROP_IDLE_OUTPUT.name(), "1h"), new RecordedLog());
        anHour.prune(repo.main);

        assertThat(lane.resolve("app/target/classes/A.class")).exists();
        assertThat(notSet.droppedOutputLanes() + anHour.droppedOutputLanes()).isZero();
    }

    private LanePruner pruner(Map<String, String> settings, RecordedLog log) {
        LaneLayout layout = LaneLayout.of(new Git(repo.main), LaneSettings.from(settings));
        return new LanePruner(new LaneBoard(layout, "refs/remotes/origin/main", () -> LaneRecords.read(repo.main.resolve(".git"), Map.of(), Map.of())),
                log);
    }
}
