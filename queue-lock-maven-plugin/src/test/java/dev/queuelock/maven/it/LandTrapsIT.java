package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The traps of issue 12 as a new user met them, through real {@code mvn}, real git and a bare remote. */
class LandTrapsIT {

    private static final Duration LAND = Duration.ofSeconds(180);

    @TempDir
    Path work;

    private LandingRepo repo;

    @AfterEach
    void stopMavens() {
        if (repo != null) {
            repo.close();
        }
    }

    @Test
    @Timeout(300)
    void aSessionHoldingTheBuildLockLandsThroughItsOwnHold() throws Exception {
        repo = LandingRepo.create(work, "main", true);
        Path lane = repo.lane("own", "own.txt", "main");

        MavenRun land = repo.mvn(lane, "validate-and-land", "validate", "queuelock:land", "-Dqueuelock.checkGoals=validate");

        // Before: the checks queued behind this very session's build lock and waited forever.
        assertThat(land.awaitExit(Duration.ofSeconds(150))).as(land.log()).isZero();
        assertThat(land.log()).contains("Build lock acquired").contains("own landed on origin/main")
                .doesNotContain("Build queue (for the checks)");
        assertThat(repo.remoteSubjects("main")).containsExactly("own work", "project");
    }
}
