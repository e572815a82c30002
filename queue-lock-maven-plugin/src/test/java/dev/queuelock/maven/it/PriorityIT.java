package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 56, skip the line and where am I: with lane A holding the land queue (a pause keeps it
 * before its checks) and lanes B and C waiting, lane D landed with {@code queuelock.land.priority=high}
 * lands second, then B, then C; each waiter says its place and what is ahead of it, and status
 * shows whom D went ahead of. Real git, each lander a Maven of its own.
 */
class PriorityIT {

    private static final Duration MVN = Timing.forMaven();
    private static final String PAUSED_A = "ahead: lane lane-a paused before its checks";

    @ProjectOnMain
    LandingRepo repo;

    @Test
    @Timeout(900)
    void aLaneLandedWithPriorityLandsRightAfterTheHolderAheadOfTheLanesWaiting() throws Exception {
        ok(repo.mvn(repo.main, "pause", "queuelock:pause", "-Dqueuelock.pause.reason=holding lane-a before its checks"));
        MavenRun a = lander("lane-a");
        a.awaitLog("this landing waits before its checks until mvn queuelock:resume", MVN);
        MavenRun b = lander("lane-b");
        b.awaitLog("Where: 1st in line for the land queue; " + PAUSED_A + "; no estimate while the land queue is paused", MVN);
        MavenRun c = lander("lane-c");
        c.awaitLog("Where: 2nd in line for the land queue; " + PAUSED_A + ", lane lane-b queued; no estimate while the land queue is paused", MVN);

        MavenRun d = lander("lane-d", "-Dqueuelock.land.priority=high");
        d.awaitLog("Where: 1st in line for the land queue; " + PAUSED_A + "; no estimate", MVN);
        assertThat(d.log()).contains("priority high: asking for a place ahead of the landers waiting in the land queue");
        // C is told it moved back: D is ahead of it now, named with its priority.
        c.awaitLog("Where: 3rd in line for the land queue; " + PAUSED_A + ", lane lane-d queued (priority high), lane lane-b queued", MVN);
        String status = ok(repo.mvn(repo.main, "status", "queuelock:status"));
        assertThat(status).contains("lane lane-d", "priority high, went ahead of lane lane-b, lane lane-c")
                .contains("3rd in line for the land queue; " + PAUSED_A + ", lane lane-d queued (priority high), lane lane-b queued");

        ok(repo.mvn(repo.main, "resume", "queuelock:resume"));
        for (MavenRun lander : List.of(a, d, b, c)) {
            assertThat(lander.awaitExit(MVN)).as(lander.log()).isZero();
        }
        assertThat(repo.remoteSubjects("main").subList(0, 4)).containsExactly("lane-c work", "lane-b work", "lane-d work", "lane-a work");
    }

    private MavenRun lander(String name, String... args) throws Exception {
        Path lane = ThreeModuleLanes.addingAClass(repo, name, "app");
        return repo.mvn(lane, "land-" + name, ThreeModuleLanes.landing(args));
    }

    private static String ok(MavenRun run) throws Exception {
        assertThat(run.awaitExit(MVN)).as(run.log()).isZero();
        return run.log();
    }
}
