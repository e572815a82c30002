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
 * {@code queuelock.notify}: one that fails changes nothing. (What a script is given of a landing and
 * of a refusal is asserted on the landings {@link WatchPageIT} runs for its page.)
 */
class NotifyIT {

    private static final Duration LAND = Timing.forMaven();

    @TempDir
    Path work;

    LandingRepo repo;

    @BeforeEach
    void repo() throws Exception {
        repo = LandingRepo.create(work, "main", true);
    }

    @AfterEach
    void stop() {
        repo.close();
    }

    @Test
    @Timeout(300)
    void aFailingNotifyCommandIsReportedAndTheLaneLandsAnyway() throws Exception {
        Path lane = repo.lane("main-lane-1", "a.txt", "main");

        MavenRun land = repo.mvn(lane, "land-1", "queuelock:land", "-Dqueuelock.land.checkCommand=true", "-Dqueuelock.notify=false");

        assertThat(land.awaitExit(LAND)).as(land.log()).isZero();
        assertThat(land.log()).contains("[WARNING] notify: false exited with 1");
        assertThat(repo.remoteSubjects("main")).startsWith("main-lane-1 work");
    }
}
