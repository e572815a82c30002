package dev.queuelock.maven.goals;

import java.util.stream.Stream;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * queuelock:land's parameters. Every refusal happens before git or a queue is touched: the top
 * directory is not even a git repository, so a goal that went on would fail differently.
 */
class LandMojoTest extends HarnessTest {

    @TestFactory
    @InjectMojo(goal = "land")
    Stream<DynamicTest> parametersDefaultToTheDocumentedValues(LandMojo mojo) throws Exception {
        return defaultsAreTheDocumented("land", mojo);
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "batch", value = "abc")
    void batchThatIsNoNumberIsRefusedWithOurMessage(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.batch must be a whole number of 1 or more, not 'abc'");
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "batch", value = "0")
    void zeroBatchIsRefused(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.batch must be a whole number of 1 or more, not '0'");
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "batch", value = "-2")
    void negativeBatchIsRefused(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.batch must be a whole number of 1 or more, not '-2'");
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "sync", value = "maybe")
    void syncMustBeTrueOrFalse(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.sync must be true or false, not 'maybe'");
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "checksRequired", value = "nope")
    void checksRequiredMustBeTrueOrFalse(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.checksRequired must be true or false, not 'nope'");
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "pushRetries", value = "-1")
    void pushRetriesMustBeZeroOrMore(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.pushRetries must be a whole number of 0 or more, not '-1'");
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "landCheck", value = "some")
    void landCheckMustBeAffectedOrFull(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.landCheck must be affected or full, not 'some'");
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "checkReruns", value = "-2")
    void checkRerunsMustBeZeroOrMore(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.checkReruns must be a whole number of 0 or more, not '-2'");
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "buildScope", value = "galaxy")
    void buildScopeMustBeRepoOrMachine(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.build.scope must be repo or machine, not 'galaxy'");
    }
    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "portBase", value = "abc")
    void portBaseThatIsNoNumberIsRefused(LandMojo mojo) throws Exception {
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "autoLand", value = "maybe")
    void autoLandMustBeTrueOrFalse(LandMojo mojo) throws Exception {
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "orphanGrace", value = "soon")
    void orphanGraceMustBeADuration(LandMojo mojo) throws Exception {
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "land")
    @MojoParameter(name = "batch", value = "0")
    @MojoParameter(name = "buildScope", value = "galaxy")
    @MojoParameter(name = "portBase", value = "abc")
    void everyProblemIsListedAtOnce(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.batch must be a whole number of 1 or more, not '0'; queuelock.build.scope must be repo"
                + " or machine, not 'galaxy'; " + BAD_PORT_BASE);
    }
}
