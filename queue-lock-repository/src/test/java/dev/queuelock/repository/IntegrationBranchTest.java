package dev.queuelock.repository;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.process.GitCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which branch lanes land on, in the order land, the affected build and status all use, on real git. */
class IntegrationBranchTest {

    @TempDir
    Path work;

    Path main;
    Path origin;
    Path common;

    @BeforeEach
    void repositoryWhoseRemoteWasAddedByHand() throws Exception {
        main = work.resolve("shop");
        origin = work.resolve("origin.git");
        git(work, "init", "-q", "--bare", "--initial-branch=trunk", origin.toString());
        git(work, "init", "-q", "--initial-branch=work", main.toString());
        Files.writeString(main.resolve("a.txt"), "a\n");
        git(main, "add", "-A");
        git(main, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "start");
        git(main, "remote", "add", "origin", origin.toString());
        git(main, "push", "-q", "origin", "work:trunk");
        common = main.resolve(".git").toRealPath();
    }

    @Test
    void configuredWinsThenTheRemotesDefaultBranchAskedOfTheRemote() {
        GitCommand git = GitCommand.in(main);
        assertThat(IntegrationBranch.asked(git, common, "origin", "release").describe())
                .isEqualTo("release (set by -Dqueuelock.land.integrationBranch)");
        IntegrationBranch asked = IntegrationBranch.asked(git, common, "origin", " ");
        assertThat(asked.name()).isEqualTo("trunk");
        assertThat(asked.describe())
                .isEqualTo("trunk (the default branch of remote origin; override with -Dqueuelock.land.integrationBranch=<branch>)");
    }

    @Test
    void aBuildTakesTheRemotesRecordedAnswerWithoutAskingItAndALandingRefreshesIt() throws Exception {
        GitCommand git = GitCommand.in(main);
        assertThat(IntegrationBranch.known(git, common, "origin", null).name()).as("nothing recorded: asked").isEqualTo("trunk");
        assertThat(common.resolve("queuelock/remote-default-branches")).content().contains("origin=trunk");

        Path gone = work.resolve("moved.git");
        Files.move(origin, gone);
        IntegrationBranch offline = IntegrationBranch.known(git, common, "origin", null);
        assertThat(offline.name()).as("the remote cannot answer, its last answer stands").isEqualTo("trunk");
        assertThat(offline.source()).isEqualTo("the default branch of remote origin");

        Files.move(gone, origin);
        git(origin, "symbolic-ref", "HEAD", "refs/heads/next");
        git(main, "push", "-q", "origin", "work:next");
        assertThat(IntegrationBranch.known(git, common, "origin", null).name()).as("builds do not ask").isEqualTo("trunk");
        assertThat(IntegrationBranch.asked(git, common, "origin", null).name()).as("a landing asks").isEqualTo("next");
        assertThat(IntegrationBranch.known(git, common, "origin", null).name()).as("and records").isEqualTo("next");
    }

    @Test
    void withoutAnAnswerFromTheRemoteItsTrackedHeadThenTheMainCheckoutsBranchThenMain() throws Exception {
        GitCommand git = GitCommand.in(main);
        Files.move(origin, work.resolve("moved.git"));
        assertThat(IntegrationBranch.asked(git, common, "origin", null).describe())
                .startsWith("work (the branch of the main checkout;");

        git(main, "fetch", "-q", work.resolve("moved.git").toString(), "trunk:refs/remotes/origin/trunk");
        git(main, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk");
        assertThat(IntegrationBranch.asked(git, common, "origin", null).describe()).startsWith("trunk (from origin/HEAD;");

        assertThat(IntegrationBranch.asked(git, common, "upstream", null).name()).as("no such remote").isEqualTo("work");
        git(main, "checkout", "-q", "--detach");
        assertThat(IntegrationBranch.asked(git, common, "upstream", null).describe())
                .startsWith("main (the default: no remote HEAD and no branch in the main checkout;");
    }
}
