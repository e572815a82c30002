package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.junit.jupiter.api.Test;

class PruneMojoTest extends HarnessTest {


    @Test
    @InjectMojo(goal = "prune")
    void portBaseThatIsNoNumberIsRefused(PruneMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "prune")
    void autoLandMustBeTrueOrFalse(PruneMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "prune")
    void orphanGraceMustBeADuration(PruneMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "prune")
    void everyProblemIsListedAtOnce(PruneMojo mojo) throws Exception {
        given("queuelock.lanes.branchPrefix", "-lane");
        given("queuelock.lanes.worktreeSuffix", "lanes/");
        assertRefused(mojo, BAD_BRANCH_PREFIX + "; " + BAD_WORKTREE_SUFFIX);
    }

    @Test
    @InjectMojo(goal = "prune")
    void outsideGitItSaysSo(PruneMojo mojo) throws Exception {
        assertRefused(mojo, top + " is not in a git repository; run this inside one.");
    }

    @Test
    @InjectMojo(goal = "prune")
    void aLandedLaneGoesAndOneWithUnlandedWorkOrNewStays(PruneMojo mojo) throws Exception {
        GitFixture repo = repository();
        Path landed = repo.lane("main-lane-1");
        GitFixture.commit(landed, "landed.txt", "landed\n", "landed work");
        GitFixture.git(landed, "push", "--quiet", "origin", "HEAD:main");
        Path working = repo.lane("main-lane-2");
        GitFixture.commit(working, "work.txt", "not landed\n", "work");
        Path fresh = repo.lane("main-lane-3");
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(landed).doesNotExist();
        assertThat(working.resolve("work.txt")).exists();
        assertThat(fresh).as("new: made a moment ago, for an agent that has not started").exists();
        assertThat(log.lines).anyMatch(line -> line.startsWith("pruned 1 lane(s), freed "))
                .anyMatch(line -> line.matches("kept new lane main-lane-3: no commits yet, unused for .*; pruned if still"
                        + " unused .* from now \\(queuelock.lanes.newLaneGrace\\)"))
                .noneMatch(line -> line.contains("landed lane main-lane-3"));
    }

    @Test
    @InjectMojo(goal = "prune")
    void aNewLaneUnusedLongerThanItsGraceGoesAsNewNotLanded(PruneMojo mojo) throws Exception {
        GitFixture repo = repository();
        Path fresh = repo.lane("main-lane-1");
        madeAndUnused(fresh, Duration.ofHours(2)); // past the default hour
        Path recent = repo.lane("main-lane-2");
        madeAndUnused(recent, Duration.ofMinutes(20));
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(fresh).doesNotExist();
        assertThat(recent).exists();
        assertThat(log.lines).anyMatch(line -> line.matches("pruned new lane main-lane-1, freeing .*: no commits, unused for 2h.*"))
                .anyMatch(line -> line.matches("kept new lane main-lane-2: no commits yet, unused for 20m.*"
                        + " pruned if still unused 3\\dm .*"))
                .noneMatch(line -> line.contains("landed lane"));
    }

    @Test
    @InjectMojo(goal = "prune")
    void newLaneGraceMustBeADuration(PruneMojo mojo) throws Exception {
        given("queuelock.lanes.newLaneGrace", "soon");
        assertRefused(mojo, "queuelock.lanes.newLaneGrace must be a duration such as 200ms, 30s, 5m or 1h, more than zero, not 'soon'");
    }

    /** Every file of the lane and of its git directory last changed {@code ago}: made then, no sign of work since. */
    static void madeAndUnused(Path lane, Duration ago) throws IOException {
        FileTime then = FileTime.fromMillis(System.currentTimeMillis() - ago.toMillis());
        Path gitDir = lane.resolve(GitFixture.git(lane, "rev-parse", "--git-dir"));
        for (Path dir : List.of(lane, gitDir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    Files.setLastModifiedTime(file, then);
                }
            }
        }
    }
}
