package dev.queuelock.land.lanes;

import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.git.Git;
import dev.queuelock.build.localrepo.LocalRepositoryParts;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts a lane's builds and its check builds installed into, found where the extension and land put them. */
class LaneInstallsTest {

    @TempDir
    Path tmp;

    GitFixture repo;
    Path localRepository;
    LaneInstalls installs;

    @BeforeEach
    void setUp() throws Exception {
        repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        localRepository = Files.createDirectory(tmp.resolve("m2"));
        installs = new LaneInstalls(LaneLayout.of(new Git(repo.main), LaneSettings.defaults()), localRepository);
    }

    @Test
    void aLanesPartAndItsChecksPartGoWithItAndNoOtherLanes() throws Exception {
        Path one = repo.lane("main-lane-1");
        Path two = repo.lane("main-lane-2");
        Path oneJar = installed(partOf(one).lane("main-lane-1"));
        Path oneChecked = installed(partOf(one).checks("main-lane-1"));
        Path twoJar = installed(partOf(two).lane("main-lane-2"));
        Path download = Files.createDirectories(localRepository.resolve("org/example/lib/1.0")).resolve("lib-1.0.jar");
        Files.writeString(download, "downloaded");

        assertThat(installs.remove(one)).isTrue();

        assertThat(oneJar).doesNotExist();
        assertThat(oneChecked).doesNotExist();
        assertThat(twoJar).exists();
        assertThat(download).exists();
        assertThat(installs.remove(one)).as("nothing left to remove").isFalse();
    }

    @Test
    void partsOfWorktreesThatAreGoneAreRemovedAndPresentOnesKept() throws Exception {
        Path kept = repo.lane("main-lane-1");
        Path gone = repo.lane("main-lane-2");
        Path keptJar = installed(partOf(kept).lane("main-lane-1"));
        Path goneJar = installed(partOf(gone).lane("main-lane-2"));
        Path goneChecked = installed(partOf(gone).checks("main-lane-2"));
        Path mainsChecks = installed(partOf(repo.main).checks("main"));
        git(repo.main, "worktree", "remove", gone.toString());

        assertThat(installs.removeGone()).containsExactly("main-lane-2");

        assertThat(goneJar).doesNotExist();
        assertThat(goneChecked).doesNotExist();
        assertThat(keptJar).exists();
        assertThat(mainsChecks).as("the main checkout is a worktree too").exists();
    }

    /** The parts as a build in {@code worktree} names them: by its repository key, as the extension does. */
    private static LocalRepositoryParts partOf(Path worktree) {
        return LocalRepositoryParts.of(RepoKey.of(worktree).key());
    }

    private Path installed(LocalRepositoryParts.Part part) throws Exception {
        Path dir = Files.createDirectories(localRepository.resolve(part.prefix()).resolve("org/example/app/1.0-SNAPSHOT"));
        return Files.writeString(dir.resolve("app-1.0-SNAPSHOT.jar"), "installed");
    }
}
