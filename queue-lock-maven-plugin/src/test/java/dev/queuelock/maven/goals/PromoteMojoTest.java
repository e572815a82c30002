package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.testsupport.GitFixture;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;

class PromoteMojoTest extends HarnessTest {


    @Test
    @InjectMojo(goal = "promote")
    void portBaseThatIsNoNumberIsRefused(PromoteMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "promote")
    void autoLandMustBeTrueOrFalse(PromoteMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "promote")
    void orphanGraceMustBeADuration(PromoteMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "promote")
    void productionBranchMustBeABranchName(PromoteMojo mojo) throws Exception {
        given("queuelock.promote.productionBranch", "pro d");
        assertRefused(mojo, "queuelock.promote.productionBranch must be a branch name (letters, digits and . _ / -), not 'pro d'");
    }

    /** Outside git, too: the goal decides this before it asks git anything. */
    @Test
    @InjectMojo(goal = "promote")
    void withoutAProductionBranchItRefuses(PromoteMojo mojo) throws Exception {
        assertRefused(mojo, "no production branch is set; promote with -Dqueuelock.promote.productionBranch=<branch> (or set it in"
                + " .mvn/maven.config).");
    }

    @Test
    @InjectMojo(goal = "promote")
    void outsideGitItSaysSo(PromoteMojo mojo) {
        given("queuelock.promote.productionBranch", "release");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
                .hasMessage(top + " is not in a git repository; run this inside one.");
    }

    @Test
    @InjectMojo(goal = "promote")
    void productionMustNotBeTheIntegrationBranch(PromoteMojo mojo) throws Exception {
        given("queuelock.promote.productionBranch", "main");
        GitFixture repo = repository();
        String before = GitFixture.git(repo.main, "ls-remote", "origin");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
                .hasMessage("the production branch and the integration branch are both 'main'; set"
                        + " queuelock.promote.productionBranch to the branch you ship from.");
        assertThat(GitFixture.git(repo.main, "ls-remote", "origin")).isEqualTo(before);
    }

    @Test
    @InjectMojo(goal = "promote")
    void aMissingProductionBranchIsCreatedAtTheIntegrationBranch(PromoteMojo mojo) throws Exception {
        given("queuelock.promote.productionBranch", "release");
        GitFixture repo = repository();
        mojo.execute();
        assertThat(GitFixture.git(repo.main, "ls-remote", "origin", "refs/heads/release").split("\\s")[0])
                .isEqualTo(repo.remoteHead());
    }
}
