package dev.queuelock.land.disk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.base.FileTrees;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.lanes.Lane;
import dev.queuelock.land.lanes.LaneBoard;
import dev.queuelock.land.lanes.LaneRecords;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.land.lanes.LaneInstalls;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.repository.FreeableNote;
import dev.queuelock.repository.StateFolder;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each lane's disk use, its worktree with its build output and its own part of the local repository,
 * the total and the free space; a status shows the sizes it kept while fresh and counts no longer
 * than it may, saying which lanes it has not measured.
 */
class LaneDisksTest {

    @TempDir
    Path tmp;

    GitFixture repo;
    Path localRepository;
    LaneLayout layout;
    LaneInstalls installs;
    DiskMeter meter;

    @BeforeEach
    void setUp() throws Exception {
        repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        localRepository = Files.createDirectory(tmp.resolve("m2"));
        layout = LaneLayout.of(new Git(repo.main), LaneSettings.defaults());
        installs = new LaneInstalls(layout, localRepository);
        meter = new DiskMeter(layout.commonDir(), installs, repo.main.getParent());
    }

    @Test
    void eachLaneItsOutputItsPartTheTotalAndTheFreeSpace() throws Exception {
        Path one = repo.lane("main-lane-1");
        write(one.resolve("target/classes/A.class"), 340_000);
        write(installs.partsOf(one).get(0).resolve("shop/shared/1.0/shared.jar"), 50_000);
        repo.lane("main-lane-2");
        List<Lane> lanes = layout.lanes();

        LaneDisks disks = meter.look(lanes, System.currentTimeMillis());

        Lane first = lanes.get(0);
        LaneDisk d = disks.of(first).orElseThrow();
        assertThat(d.outputBytes).isEqualTo(340_000);
        assertThat(d.repositoryBytes).isEqualTo(50_000);
        assertThat(d.worktreeBytes).isGreaterThan(340_000); // and what git checked out
        assertThat(disks.totalBytes()).isEqualTo(d.totalBytes() + disks.of(lanes.get(1)).orElseThrow().totalBytes());
        assertThat(disks.lines(System.currentTimeMillis())).anyMatch(line -> line.matches(
                        "  lane 1  \\d+ kB \\(worktree \\d+ kB, of it build output 340 kB; local repository 50 kB\\), measured \\d+ms ago"))
                .anyMatch(line -> line.startsWith("  all lanes: "))
                .anyMatch(line -> line.matches("  [0-9.]+ [kMG]B free on .*: the lanes, the local repository"));
        assertThat(disks.row(first, System.currentTimeMillis())).matches("disk \\d+ kB \\(measured \\d+ms ago\\)");
        assertThat(StateEntry.DISK_SIZES.of(layout.commonDir())).as("kept for the next look").exists();
    }

    @Test
    void aFreshSizeIsShownAsKeptWithItsAgeAndALaneMadeAnewIsMeasuredAnew() throws Exception {
        Path one = repo.lane("main-lane-1");
        write(one.resolve("target/a.bin"), 100_000);
        long now = System.currentTimeMillis();
        meter.look(layout.lanes(), now);
        write(one.resolve("target/b.bin"), 500_000); // counted by the next measurement, not the next look

        LaneDisks later = meter.look(layout.lanes(), now + 60_000);

        assertThat(later.of(layout.lanes().get(0)).orElseThrow().outputBytes).as("the kept size").isEqualTo(100_000);
        long measuredAt = later.of(layout.lanes().get(0)).orElseThrow().measuredAt;
        assertThat(later.lines(measuredAt + 60_000)).anyMatch(line -> line.endsWith(", measured 1m 00s ago"));
        LaneDisks stale = meter.look(layout.lanes(), measuredAt + DiskMeter.FRESH.toMillis());
        assertThat(stale.of(layout.lanes().get(0)).orElseThrow().outputBytes).as("older than fresh: counted again").isEqualTo(600_000);
    }

    @Test
    void aStatusWithoutTimeToCountSaysWhichLanesItHasNotMeasured() throws Exception {
        repo.lane("main-lane-1");

        LaneDisks none = meter.look(layout.lanes(), System.currentTimeMillis(), 0);

        assertThat(none.of(layout.lanes().get(0))).isEmpty();
        assertThat(none.lines(System.currentTimeMillis())).anyMatch(line -> line.startsWith("  lane 1  not measured yet"));
        assertThat(StateEntry.DISK_SIZES.of(layout.commonDir())).as("nothing measured, nothing kept").doesNotExist();
    }

    @Test
    void underTheFreeSpaceThresholdItSaysWhatPruneWouldFreeAndTheCommandAndNotAbove() throws Exception {
        Files.writeString(repo.main.resolve(".git/info/exclude"), "target/\n"); // build output is no work
        Path landed = repo.lane("main-lane-1");
        GitFixture.commit(landed, "landed.txt", "landed\n", "landed work");
        GitFixture.git(landed, "push", "--quiet", "origin", "HEAD:main");
        write(landed.resolve("target/a.jar"), 200_000);
        Path fresh = repo.lane("main-lane-2");
        write(fresh.resolve("target/b.jar"), 700_000); // new, within its grace: not what prune would take
        List<LaneState> states = new LaneBoard(layout, "refs/remotes/origin/main",
                () -> LaneRecords.read(repo.main.resolve(".git"), Map.of(), Map.of())).states();
        LaneDisks disks = meter.count(layout.lanes());

        LaneDisks low = disks.warnedUnder(Integer.MAX_VALUE, states); // more GB than any disk has free

        assertThat(low.lowSpace()).hasValueSatisfying(line -> assertThat(line)
                .matches("FREE SPACE LOW: [0-9.]+ [kMG]B free on .*: the lanes, the local repository, under \\d+ GB"
                        + " \\(queuelock.lanes.lowFreeSpaceGb\\); mvn queuelock:prune frees 2\\d\\d kB \\(1 landed or unused lane\\(s\\)\\);"
                        + " the lanes' build output takes 900 kB \\(mvn clean in a lane frees its own\\)"));
        assertThat(low.lines(System.currentTimeMillis())).anyMatch(line -> line.startsWith("  FREE SPACE LOW: "));
        assertThat(low.json().get("lowSpace")).isEqualTo(low.lowSpace().orElseThrow());
        assertThat(disks.warnedUnder(1, states).lowSpace()).as("more than 1 GB free here").isEmpty();
        assertThat(disks.warnedUnder(0, states).lowSpace()).as("0: never").isEmpty();
    }

    @Test
    void whatIsFreeableIsKeptByWhoCountedItAndALaneWhoseOutputWasDroppedIsCountedAgainThoughFresh() throws Exception {
        Files.writeString(repo.main.resolve(".git/info/exclude"), "target/\n"); // build output is no work
        Path one = repo.lane("main-lane-1");
        write(one.resolve("target/a.jar"), 300_000);
        List<LaneState> states = new LaneBoard(layout, "refs/remotes/origin/main",
                () -> LaneRecords.read(repo.main.resolve(".git"), Map.of(), Map.of())).states();
        long now = System.currentTimeMillis();
        meter.lookAndKeep(states, Set.of(), now, "status");
        assertThat(FreeableNote.read(StateFolder.of(layout.commonDir())).orElseThrow().outputBytes()).isEqualTo(300_000);
        FileTrees.delete(one.resolve("target")); // as prune drops an idle lane's output

        LaneDisks after = meter.lookAndKeep(states, Set.of(one), now + 60_000, "prune");

        assertThat(after.of(states.get(0).lane()).orElseThrow().outputBytes).as("its kept size is fresh, but no longer true").isZero();
        FreeableNote note = FreeableNote.read(StateFolder.of(layout.commonDir())).orElseThrow();
        assertThat(note.outputBytes()).isZero();
        assertThat(FreeableNote.textAsOf(Optional.of(note), now + 70_000)).startsWith("as prune counted 10s ago, no lane can be pruned now;");
    }

    private static void write(Path file, int bytes) throws Exception {
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[bytes]);
    }
}
