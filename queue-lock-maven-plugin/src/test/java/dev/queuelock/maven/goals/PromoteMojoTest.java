package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.testsupport.GitFixture;
import java.util.stream.Stream;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class PromoteMojoTest extends HarnessTest {

    @TestFactory
    @InjectMojo(goal = "promote")
    Stream<DynamicTest> parametersDefaultToTheDocumentedValues(PromoteMojo mojo) throws Exception {
        return defaultsAreTheDocumented("promote", mojo);
    }

    @Test
    @InjectMojo(goal = "promote")
    @MojoParameter(name = "portBase", value = "abc")
    void portBaseThatIsNoNumberIsRefused(PromoteMojo mojo) throws Exception {
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "promote")
    @MojoParameter(name = "autoLand", value = "maybe")
    void autoLandMustBeTrueOrFalse(PromoteMojo mojo) throws Exception {
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "promote")
    @MojoParameter(name = "orphanGrace", value = "soon")
    void orphanGraceMustBeADuration(PromoteMojo mojo) throws Exception {
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "promote")
    @MojoParameter(name = "productionBranch", value = "pro d")
    void productionBranchMustBeABranchName(PromoteMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.productionBranch must be a branch name (letters, digits and . _ / -), not 'pro d'");
    }

    /** Outside git, too: the goal decides this before it asks git anything. */
    @Test
    @InjectMojo(goal = "promote")
    void withoutAProductionBranchItRefuses(PromoteMojo mojo) throws Exception {
        assertRefused(mojo, "no production branch is set; promote with -Dqueuelock.productionBranch=<branch> (or set it in"
                + " .mvn/maven.config).");
    }

    @Test
    @InjectMojo(goal = "promote")
    @MojoParameter(name = "productionBranch", value = "release")
    void outsideGitItSaysSo(PromoteMojo mojo) {
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
                .hasMessage(top + " is not in a git repository; run this inside one.");
    }

    @Test
    @InjectMojo(goal = "promote")
    @MojoParameter(name = "productionBranch", value = "main")
    void productionMustNotBeTheIntegrationBranch(PromoteMojo mojo) throws Exception {
        GitFixture repo = repository();
        String before = GitFixture.git(repo.main, "ls-remote", "origin");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
                .hasMessage("the production branch and the integration branch are both 'main'; set"
                        + " queuelock.productionBranch to the branch you ship from.");
        assertThat(GitFixture.git(repo.main, "ls-remote", "origin")).isEqualTo(before);
    }

    @Test
    @InjectMojo(goal = "promote")
    @MojoParameter(name = "productionBranch", value = "release")
    void aMissingProductionBranchIsCreatedAtTheIntegrationBranch(PromoteMojo mojo) throws Exception {
        GitFixture repo = repository();
        mojo.execute();
        assertThat(GitFixture.git(repo.main, "ls-remote", "origin", "refs/heads/release").split("\\s")[0])
                .isEqualTo(repo.remoteHead());
    }
}
