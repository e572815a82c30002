package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a lane's build quotes as freeable when free space is low is what is freeable now: after
 * {@code prune} took a landed lane and dropped an idle lane's build output, the next build quotes what
 * prune counted (nothing left to prune, no build output), not the status counted before it.
 */
class FreeableAfterPruneIT {

    private static final Duration MVN = Timing.forMaven();
    /** More GB than any disk the suite runs on has free. */
    private static final String LOW = "-Dqueuelock.lanes.lowFreeSpaceGb=100000";

    @TempDir
    Path work;

    LandingRepo repo;

    @BeforeEach
    void threeModulesOnMain() throws Exception {
        repo = ThreeModuleLanes.onMain(work);
    }

    @AfterEach
    void stop() {
        repo.close();
    }

    @Test
    @Timeout(600)
    void afterPruneTheNextBuildQuotesWhatPruneLeftNotWhatStatusCountedBefore() throws Exception {
        Path one = ThreeModuleLanes.addingAClass(repo, "main-lane-1", "app");
        Path two = ThreeModuleLanes.addingAClass(repo, "main-lane-2", "app");
        ok(repo.mvn(one, "compile-1", "test-compile", "-Dqueuelock.build.affected=off"));
        LandingRepo.git(two, "push", "-q", "origin", "main-lane-2:main"); // lane 2's work lands by hand

        MavenRun status = ok(repo.mvn(repo.main, "status-low", "queuelock:status", LOW));
        assertThat(status.log()).containsPattern("mvn queuelock:prune frees [0-9.]+ [kMG]B \\(1 landed or unused lane\\(s\\)\\);"
                + " the lanes' build output takes [0-9.]+ [kMG]B");
        MavenRun before = ok(repo.mvn(one, "before-1", "validate", LOW));
        assertThat(before.log()).containsPattern("as status counted [0-9hms ]+ ago, mvn queuelock:prune frees");

        MavenRun prune = ok(repo.mvn(repo.main, "prune", "queuelock:prune", "-Dqueuelock.lanes.dropIdleOutputAfter=1ms"));
        assertThat(prune.log()).contains("pruned landed lane main-lane-2").contains("dropped the build output of lane main-lane-1");

        MavenRun next = ok(repo.mvn(one, "next-1", "validate", LOW));
        assertThat(next.log()).as("what prune freed is no longer quoted as freeable").containsPattern(
                "as prune counted [0-9hms ]+ ago, no lane can be pruned now; the lanes' build output takes 0 kB");
    }

    private static MavenRun ok(MavenRun run) throws InterruptedException {
        assertThat(run.awaitExit(MVN)).as(run.log()).isZero();
        return run;
    }
}
