package dev.queuelock.maven.goals;

import org.apache.maven.api.plugin.testing.InjectMojo;
import org.junit.jupiter.api.Test;

/**
 * queuelock:land's parameters. Every refusal happens before git or a queue is touched: the top
 * directory is not even a git repository, so a goal that went on would fail differently.
 */
class LandMojoTest extends HarnessTest {


    @Test
    @InjectMojo(goal = "land")
    void batchThatIsNoNumberIsRefusedWithOurMessage(LandMojo mojo) throws Exception {
        given("queuelock.land.batch", "abc");
        assertRefused(mojo, "queuelock.land.batch must be a whole number of 1 or more, not 'abc'");
    }

    @Test
    @InjectMojo(goal = "land")
    void zeroBatchIsRefused(LandMojo mojo) throws Exception {
        given("queuelock.land.batch", "0");
        assertRefused(mojo, "queuelock.land.batch must be a whole number of 1 or more, not '0'");
    }

    @Test
    @InjectMojo(goal = "land")
    void negativeBatchIsRefused(LandMojo mojo) throws Exception {
        given("queuelock.land.batch", "-2");
        assertRefused(mojo, "queuelock.land.batch must be a whole number of 1 or more, not '-2'");
    }

    @Test
    @InjectMojo(goal = "land")
    void syncMustBeTrueOrFalse(LandMojo mojo) throws Exception {
        given("queuelock.land.sync", "maybe");
        assertRefused(mojo, "queuelock.land.sync must be true or false, not 'maybe'");
    }

    @Test
    @InjectMojo(goal = "land")
    void checksRequiredMustBeTrueOrFalse(LandMojo mojo) throws Exception {
        given("queuelock.land.checksRequired", "nope");
        assertRefused(mojo, "queuelock.land.checksRequired must be true or false, not 'nope'");
    }

    @Test
    @InjectMojo(goal = "land")
    void pushRetriesMustBeZeroOrMore(LandMojo mojo) throws Exception {
        given("queuelock.land.pushRetries", "-1");
        assertRefused(mojo, "queuelock.land.pushRetries must be a whole number of 0 or more, not '-1'");
    }

    @Test
    @InjectMojo(goal = "land")
    void landCheckMustBeAffectedOrFull(LandMojo mojo) throws Exception {
        given("queuelock.land.checkScope", "some");
        assertRefused(mojo, "queuelock.land.checkScope must be affected or full, not 'some'");
    }

    @Test
    @InjectMojo(goal = "land")
    void checkRerunsMustBeZeroOrMore(LandMojo mojo) throws Exception {
        given("queuelock.land.checkReruns", "-2");
        assertRefused(mojo, "queuelock.land.checkReruns must be a whole number of 0 or more, not '-2'");
    }

    @Test
    @InjectMojo(goal = "land")
    void buildScopeMustBeRepoOrMachine(LandMojo mojo) throws Exception {
        given("queuelock.build.scope", "galaxy");
        assertRefused(mojo, "queuelock.build.scope must be repo or machine, not 'galaxy'");
    }
    @Test
    @InjectMojo(goal = "land")
    void portBaseThatIsNoNumberIsRefused(LandMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "land")
    void autoLandMustBeTrueOrFalse(LandMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "land")
    void orphanGraceMustBeADuration(LandMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "land")
    void everyProblemIsListedAtOnce(LandMojo mojo) throws Exception {
        given("queuelock.land.batch", "0");
        given("queuelock.build.scope", "galaxy");
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, "queuelock.land.batch must be a whole number of 1 or more, not '0'; queuelock.build.scope must be repo"
                + " or machine, not 'galaxy'; " + BAD_PORT_BASE);
    }
}
