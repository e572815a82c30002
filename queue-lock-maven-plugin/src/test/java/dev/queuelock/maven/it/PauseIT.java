package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 56: {@code mvn queuelock:pause} makes a new lander wait before its checks and say who paused
 * and why, after the process that paused was killed with {@code kill -9}; status says it too;
 * {@code mvn queuelock:resume} lets the lander land. Real git, real Maven processes.
 */
class PauseIT {

    private static final Duration MVN = Timing.forMaven();

    @ProjectOnMain
    LandingRepo repo;

    @Test
    @Timeout(600)
    void aPauseOutlivesItsKilledSetterAndHoldsALanderBeforeItsChecksUntilResume() throws Exception {
        // The pause's notify command hangs, so the pausing Maven is alive after it paused: then kill -9.
        MavenRun pauser = repo.mvn(repo.main, "pause", "queuelock:pause", "-Dqueuelock.pause.reason=main is broken",
                "-Dqueuelock.notify=sh,-c,sleep 300");
        pauser.awaitLog("land queue paused by", MVN);
        pauser.close(); // kill -9 of it and its notify command
        assertThat(pauser.process().waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        String who = System.getProperty("user.name") + " in main";
        String status = ok(repo.mvn(repo.main, "status", "queuelock:status"));
        assertThat(status).contains("land queue paused by " + who + " for ", ": main is broken");

        Path lane = repo.lane("paused-lane", "notes.txt", "main");
        MavenRun lander = repo.mvn(lane, "land", ThreeModuleLanes.landing());
        lander.awaitLog("this landing waits before its checks until mvn queuelock:resume", MVN);
        // Said only while the pause stands, and the checks start only once it is lifted: this is the wait.
        assertThat(lander.log()).contains("land queue paused by " + who, ": main is broken").doesNotContain("BUILD SUCCESS");
        assertThat(lander.process().isAlive()).isTrue();
        assertThat(repo.remoteSubjects("main")).doesNotContain("paused-lane work");

        String resume = ok(repo.mvn(repo.main, "resume", "queuelock:resume"));
        assertThat(resume).contains("land queue resumed");
        assertThat(lander.awaitExit(MVN)).as(lander.log()).isZero();
        assertThat(lander.log()).contains("land queue resumed: the checks start").containsOnlyOnce("this landing waits before its checks");
        assertThat(repo.remoteSubjects("main")).contains("paused-lane work");
    }

    private static String ok(MavenRun run) throws Exception {
        assertThat(run.awaitExit(MVN)).as(run.log()).isZero();
        return run.log();
    }
}
