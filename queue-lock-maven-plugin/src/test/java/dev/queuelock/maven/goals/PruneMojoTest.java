package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Path;
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
    void aLandedLaneGoesAndOneWithUnlandedWorkStays(PruneMojo mojo) throws Exception {
        GitFixture repo = repository();
        Path landed = repo.lane("main-lane-1");
        Path working = repo.lane("main-lane-2");
        GitFixture.commit(working, "work.txt", "not landed\n", "work");
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(landed).doesNotExist();
        assertThat(working.resolve("work.txt")).exists();
        assertThat(log.lines).contains("pruned 1 landed lane(s)");
    }
}
