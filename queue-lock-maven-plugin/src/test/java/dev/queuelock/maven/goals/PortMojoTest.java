package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.plugin.Mojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;

/** queuelock:port: read off the lane directory's name alone, no git. */
class PortMojoTest extends HarnessTest {


    @Test
    @InjectMojo(goal = "port")
    void portBaseThatIsNoNumberIsRefused(PortMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "port")
    void portBaseMustLeaveRoomForTheLanesPorts(PortMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "65436");
        assertRefused(mojo, "queuelock.lanes.portBase must be a whole number from 1 to 65435, not '65436'");
    }

    @Test
    @InjectMojo(goal = "port")
    void portBaseMustBePositive(PortMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "0");
        assertRefused(mojo, "queuelock.lanes.portBase must be a whole number from 1 to 65435, not '0'");
    }

    @Test
    @InjectMojo(goal = "port")
    void autoLandMustBeTrueOrFalse(PortMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "port")
    void orphanGraceMustBeADuration(PortMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "port")
    void worktreeSuffixMustStayBesideTheMainCheckout(PortMojo mojo) throws Exception {
        given("queuelock.lanes.worktreeSuffix", "lanes/");
        assertRefused(mojo, BAD_WORKTREE_SUFFIX);
    }

    @Test
    @InjectMojo(goal = "port")
    void outsideALaneItSaysSo(PortMojo mojo) throws Exception {
        assertRefused(mojo, top + " is not a lane (its name does not end in '-lane-<n>'); run this in a lane made by"
                + " mvn queuelock:lane.");
    }

    @Test
    @InjectMojo(goal = "port")
    void inLaneThreeItPrintsPortBasePlusThree(PortMojo mojo) throws Exception {
        inDirectory("shop-lane-3");
        assertThat(printed(mojo)).isEqualTo("8083");
    }

    @Test
    @InjectMojo(goal = "port")
    void portBaseAndWorktreeSuffixAreHonoured(PortMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "9000");
        given("queuelock.lanes.worktreeSuffix", "-wt-");
        inDirectory("shop-wt-12");
        assertThat(printed(mojo)).isEqualTo("9012");
    }

    @Test
    @InjectMojo(goal = "port")
    void aNameTheLaneDoesNotAskForIsRefusedNamingThoseItDoes(PortMojo mojo) throws Exception {
        given("queuelock.port.name", "http");
        inDirectory("shop-lane-3");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class).hasMessage("this lane has no port named 'http':"
                + " queuelock.lanes.ports names none; add it there (in .mvn/maven.config for every lane).");
    }

    @Test
    @InjectMojo(goal = "port")
    void aNameAmongOthersTheLaneAsksForIsRefusedNamingThem(PortMojo mojo) throws Exception {
        given("queuelock.port.name", "http");
        given("queuelock.lanes.ports", "db,debug");
        inDirectory("shop-lane-3");
        assertThatThrownBy(mojo::execute).hasMessageContaining("queuelock.lanes.ports names db, debug;");
    }

    @Test
    @InjectMojo(goal = "port")
    void badPortNamesAreRefusedWithTheOtherLaneSettings(PortMojo mojo) throws Exception {
        given("queuelock.lanes.ports", "http,my.db");
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE + "; queuelock.lanes.ports names must be a letter, then letters, digits, _ or -"
                + " (at most 32), not 'my.db'");
    }

    private void inDirectory(String name) throws Exception {
        Path dir = Files.createDirectory(top.resolve(name));
        session.getRequest().setMultiModuleProjectDirectory(dir.toFile());
    }

    /** What the goal printed on standard output: the port is for {@code PORT=$(mvn -q queuelock:port)}. */
    private static String printed(Mojo mojo) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = GoalOutput.redirect(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            mojo.execute();
        } finally {
            GoalOutput.redirect(original);
        }
        return out.toString(StandardCharsets.UTF_8).strip();
    }
}
