package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;

/** queuelock:lane: every setting is checked before git is asked for a worktree. */
class LaneMojoTest extends HarnessTest {


    @Test
    @InjectMojo(goal = "lane")
    void hookMustBeTrueOrFalse(LaneMojo mojo) throws Exception {
        given("queuelock.lane.hook", "maybe");
        assertRefused(mojo, "queuelock.lane.hook must be true or false, not 'maybe'");
    }

    @Test
    @InjectMojo(goal = "lane")
    void portBaseThatIsNoNumberIsRefused(LaneMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "lane")
    void autoLandMustBeTrueOrFalse(LaneMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "lane")
    void orphanGraceMustBeADuration(LaneMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "lane")
    void branchPrefixMustMakeABranchName(LaneMojo mojo) throws Exception {
        given("queuelock.lanes.branchPrefix", "-lane");
        assertRefused(mojo, BAD_BRANCH_PREFIX);
    }

    @Test
    @InjectMojo(goal = "lane")
    void worktreeSuffixMustStayBesideTheMainCheckout(LaneMojo mojo) throws Exception {
        given("queuelock.lanes.worktreeSuffix", "lanes/");
        assertRefused(mojo, BAD_WORKTREE_SUFFIX);
    }

    @Test
    @InjectMojo(goal = "lane")
    void symlinksMustStayInsideTheRepository(LaneMojo mojo) throws Exception {
        given("queuelock.lanes.symlinks", ".env,../secret");
        assertRefused(mojo, "queuelock.lanes.symlinks entries must be paths inside the repository (not absolute, no .., not .git),"
                + " not '../secret'");
    }

    @Test
    @InjectMojo(goal = "lane")
    void everyProblemIsListedAtOnce(LaneMojo mojo) throws Exception {
        given("queuelock.lane.hook", "maybe");
        given("queuelock.lanes.portBase", "abc");
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, "queuelock.lane.hook must be true or false, not 'maybe'; " + BAD_PORT_BASE + "; " + BAD_AUTO_LAND);
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
    void branchPrefixAndWorktreeSuffixNameTheLane(LaneMojo mojo) throws Exception {
        given("queuelock.lanes.branchPrefix", "agent/");
        given("queuelock.lanes.worktreeSuffix", "-wt-");
        repository();
        mojo.execute();
        assertThat(top.resolve("main-lane-1")).doesNotExist();
        assertThat(GitFixture.git(top.resolve("main-wt-1"), "branch", "--show-current")).isEqualTo("agent/1");
    }

    @Test
    @InjectMojo(goal = "lane")
    void theLineThatSaysTheLaneWasMadeListsTheFilesCopiedIntoIt(LaneMojo mojo) throws Exception {
        GitFixture repo = repository();
        GitFixture.commit(repo.main, ".gitignore", ".env\nconfig/local.properties\n", "ignore local files");
        Files.writeString(repo.main.resolve(".worktreeinclude"), ".env\nconfig/\n");
        Files.writeString(repo.main.resolve(".env"), "TOKEN=1\n");
        Files.createDirectories(repo.main.resolve("config"));
        Files.writeString(repo.main.resolve("config/local.properties"), "db=local\n");
        List<String> said = new ArrayList<>();
        mojo.setLog(new SystemStreamLog() {
            @Override
            public void info(CharSequence content) {
                said.add(content.toString());
            }
        });

        mojo.execute();

        Path lane = top.resolve("main-lane-1");
        assertThat(lane.resolve(".env")).hasContent("TOKEN=1");
        assertThat(lane.resolve("config/local.properties")).hasContent("db=local");
        assertThat(said).containsExactly("created lane 1 on branch lane/1; copied from the main checkout (.worktreeinclude): .env,"
                + " config/local.properties");
    }

    @Test
    @InjectMojo(goal = "lane")
    void patternsThatMatchNothingToCopyAreSaidToHaveCopiedNothing(LaneMojo mojo) throws Exception {
        GitFixture repo = repository();
        Files.writeString(repo.main.resolve(".worktreeinclude"), ".env\n");
        Files.writeString(repo.main.resolve(".env"), "not ignored, so not copied\n");
        List<String> said = new ArrayList<>();
        mojo.setLog(new SystemStreamLog() {
            @Override
            public void info(CharSequence content) {
                said.add(content.toString());
            }
        });

        mojo.execute();

        assertThat(top.resolve("main-lane-1/.env")).doesNotExist();
        assertThat(said).containsExactly("created lane 1 on branch lane/1; copied nothing: .worktreeinclude matches no git-ignored"
                + " file the lane lacks");
    }
}
