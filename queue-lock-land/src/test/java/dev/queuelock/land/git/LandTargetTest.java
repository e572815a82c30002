package dev.queuelock.land.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.repository.StateFolder;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class LandTargetTest {

    @TempDir
    Path tmp;

    /**
     * A look (status, watch) reads the remote's default branch as the last landing recorded it, as a
     * build does: it does not start {@code git ls-remote}, which goes to the network, at every look.
     * A landing asks the remote.
     */
    @Test
    void aLookTakesTheRecordedDefaultBranchWhereALandingAsksTheRemote() throws Exception {
        GitFixture repo = new GitFixture(tmp);
        Git git = new Git(repo.main);
        Path recorded = StateFolder.of(RepoContext.commonDir(repo.main)).resolve("remote-default-branches");
        Files.createDirectories(recorded.getParent());
        Files.writeString(recorded, "origin=recorded\n");

        assertThat(new LandTarget("origin", null, List.of()).knownIntegration(git).name()).isEqualTo("recorded");
        assertThat(RepoContext.known(git, new LandTarget("origin", null, List.of())).remoteRef())
                .isEqualTo("refs/remotes/origin/recorded");
        assertThat(new LandTarget("origin", null, List.of()).integration(git).name()).as("asked of the remote").isEqualTo("main");
    }

    @Test
    void aLookWithNothingRecordedAsksTheRemoteOnceAndRecordsItsAnswer() throws Exception {
        GitFixture repo = new GitFixture(tmp);
        Git git = new Git(repo.main);

        assertThat(new LandTarget("origin", null, List.of()).knownIntegration(git).name()).isEqualTo("main");
        assertThat(StateFolder.of(RepoContext.commonDir(repo.main)).resolve("remote-default-branches")).content().contains("origin=main");
    }
}
