package dev.queuelock.maven.goals;

import org.apache.maven.api.plugin.testing.InjectMojo;
import org.junit.jupiter.api.Test;

/** queuelock:watch's settings; what it shows is tested with real terminals and a real browser (WatchTerminalIT, WatchPageIT). */
class WatchMojoTest extends HarnessTest {

    @Test
    @InjectMojo(goal = "watch")
    void aPortThatIsNoNumberIsRefused(WatchMojo mojo) throws Exception {
        given("queuelock.watch.port", "http");
        assertRefused(mojo, "queuelock.watch.port must be a whole number from 0 to 65535, not 'http'");
    }

    @Test
    @InjectMojo(goal = "watch")
    void buildScopeMustBeRepoOrMachine(WatchMojo mojo) throws Exception {
        given("queuelock.build.scope", "galaxy");
        assertRefused(mojo, "queuelock.build.scope must be repo or machine, not 'galaxy'");
    }

    @Test
    @InjectMojo(goal = "watch")
    void portBaseThatIsNoNumberIsRefused(WatchMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "watch")
    void autoLandMustBeTrueOrFalse(WatchMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "watch")
    void orphanGraceMustBeADuration(WatchMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "watch")
    void everyProblemIsListedAtOnce(WatchMojo mojo) throws Exception {
        given("queuelock.watch.port", "-1");
        given("queuelock.lanes.worktreeSuffix", "lanes/");
        assertRefused(mojo, "queuelock.watch.port must be a whole number from 0 to 65535, not '-1'; " + BAD_WORKTREE_SUFFIX);
    }
}
