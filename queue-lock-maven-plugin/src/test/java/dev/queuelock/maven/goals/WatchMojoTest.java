package dev.queuelock.maven.goals;

import java.util.stream.Stream;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** queuelock:watch's settings; what it shows is tested with real terminals and a real browser (WatchTerminalIT, WatchPageIT). */
class WatchMojoTest extends HarnessTest {

    @TestFactory
    @InjectMojo(goal = "watch")
    Stream<DynamicTest> parametersDefaultToTheDocumentedValues(WatchMojo mojo) throws Exception {
        return defaultsAreTheDocumented("watch", mojo);
    }

    @Test
    @InjectMojo(goal = "watch")
    @MojoParameter(name = "port", value = "http")
    void aPortThatIsNoNumberIsRefused(WatchMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.watch.port must be a whole number from 0 to 65535, not 'http'");
    }

    @Test
    @InjectMojo(goal = "watch")
    @MojoParameter(name = "buildScope", value = "galaxy")
    void buildScopeMustBeRepoOrMachine(WatchMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.build.scope must be repo or machine, not 'galaxy'");
    }

    @Test
    @InjectMojo(goal = "watch")
    @MojoParameter(name = "portBase", value = "abc")
    void portBaseThatIsNoNumberIsRefused(WatchMojo mojo) throws Exception {
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "watch")
    @MojoParameter(name = "autoLand", value = "maybe")
    void autoLandMustBeTrueOrFalse(WatchMojo mojo) throws Exception {
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "watch")
    @MojoParameter(name = "orphanGrace", value = "soon")
    void orphanGraceMustBeADuration(WatchMojo mojo) throws Exception {
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "watch")
    @MojoParameter(name = "port", value = "-1")
    @MojoParameter(name = "worktreeSuffix", value = "lanes/")
    void everyProblemIsListedAtOnce(WatchMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.watch.port must be a whole number from 0 to 65535, not '-1'; " + BAD_WORKTREE_SUFFIX);
    }
}
