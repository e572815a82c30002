package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.util.stream.Stream;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** queuelock:lane: every setting is checked before git is asked for a worktree. */
class LaneMojoTest extends HarnessTest {

    @TestFactory
    @InjectMojo(goal = "lane")
    Stream<DynamicTest> parametersDefaultToTheDocumentedValues(LaneMojo mojo) throws Exception {
        return defaultsAreTheDocumented("lane", mojo);
    }

    @Test
    @InjectMojo(goal = "lane")
    @MojoParameter(name = "hook", value = "maybe")
    void hookMustBeTrueOrFalse(LaneMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.hook must be true or false, not 'maybe'");
    }

    @Test
    @InjectMojo(goal = "lane")
    @MojoParameter(name = "portBase", value = "abc")
    void portBaseThatIsNoNumberIsRefused(LaneMojo mojo) throws Exception {
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "lane")
    @MojoParameter(name = "autoLand", value = "maybe")
    void autoLandMustBeTrueOrFalse(LaneMojo mojo) throws Exception {
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "lane")
    @MojoParameter(name = "orphanGrace", value = "soon")
    void orphanGraceMustBeADuration(LaneMojo mojo) throws Exception {
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "lane")
    @MojoParameter(name = "branchPrefix", value = "-lane")
    void branchPrefixMustMakeABranchName(LaneMojo mojo) throws Exception {
        assertRefused(mojo, BAD_BRANCH_PREFIX);
    }

    @Test
    @InjectMojo(goal = "lane")
    @MojoParameter(name = "worktreeSuffix", value = "lanes/")
    void worktreeSuffixMustStayBesideTheMainCheckout(LaneMojo mojo) throws Exception {
        assertRefused(mojo, BAD_WORKTREE_SUFFIX);
    }

    @Test
    @InjectMojo(goal = "lane")
    @MojoParameter(name = "symlinks", value = ".env,../secret")
    void symlinksMustStayInsideTheRepository(LaneMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.symlinks entries must be paths inside the repository (not absolute, no .., not .git),"
                + " not '../secret'");
    }

    @Test
    @InjectMojo(goal = "lane")
    @MojoParameter(name = "hook", value = "maybe")
    @MojoParameter(name = "portBase", value = "abc")
    @MojoParameter(name = "autoLand", value = "maybe")
    void everyProblemIsListedAtOnce(LaneMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.hook must be true or false, not 'maybe'; " + BAD_PORT_BASE + "; " + BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "lane")
    void outsideGitItSaysSoAndCreatesNothing(LaneMojo mojo) throws Exception {
        assertRefused(mojo, top + " is not in a git repository; run this inside one.");
    }

    @Test
    @InjectMojo(goal = "lane")
    void theFirstLaneIsNumberOneBesideTheMainCheckout(LaneMojo mojo) throws Exception {
        GitFixture repo = repository();
        mojo.execute();
        assertThat(top.resolve("main-lane-1")).isDirectory();
        assertThat(GitFixture.git(top.resolve("main-lane-1"), "branch", "--show-current")).isEqualTo("lane/1");
        assertThat(GitFixture.git(top.resolve("main-lane-1"), "rev-parse", "HEAD"))
                .isEqualTo(GitFixture.git(repo.main, "rev-parse", "HEAD"));
    }

    @Test
    @InjectMojo(goal = "lane")
    @MojoParameter(name = "branchPrefix", value = "agent/")
    @MojoParameter(name = "worktreeSuffix", value = "-wt-")
    void branchPrefixAndWorktreeSuffixNameTheLane(LaneMojo mojo) throws Exception {
        repository();
        mojo.execute();
        assertThat(top.resolve("main-lane-1")).doesNotExist();
        assertThat(GitFixture.git(top.resolve("main-wt-1"), "branch", "--show-current")).isEqualTo("agent/1");
    }
}
