package dev.queuelock.maven.land;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MavenLauncherTest {

    @TempDir
    Path home;

    @Test
    void theCheckRunsOnTheLandersOwnInstallationThroughItsPlatformsLauncher() throws Exception {
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin/mvn"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(home.resolve("bin/mvn"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("bin/mvn.cmd"), "@echo off\r\n");

        assertThat(MavenLauncher.executable(home.toString(), "Linux")).isEqualTo(home.resolve("bin/mvn").toString());
        assertThat(MavenLauncher.executable(home.toString(), "Mac OS X")).isEqualTo(home.resolve("bin/mvn").toString());
        assertThat(MavenLauncher.executable(home.toString(), "Windows 11")).isEqualTo(home.resolve("bin/mvn.cmd").toString());
    }

    @Test
    void withoutALauncherAtMavenHomeThePathsMavenRunsIt() throws Exception {
        assertThat(MavenLauncher.executable(null, "Linux")).isEqualTo("mvn");
        assertThat(MavenLauncher.executable(home.toString(), "Linux")).as("no bin/mvn there").isEqualTo("mvn");
        assertThat(MavenLauncher.executable(home.toString(), "Windows 10")).isEqualTo("mvn.cmd");
    }

    @Test
    void mvndsAndTheLaunchersOwnPropertiesAreNotPassedOnTheUsersAre() {
        Properties user = new Properties();
        user.setProperty("mvnd.terminalWidth", "120");
        user.setProperty("maven.multiModuleProjectDirectory", "/repo");
        user.setProperty("skipITs", "true");
        user.setProperty("queuelock.land.checkGoals", "verify");
        user.setProperty("mvndx", "a user's own key, not mvnd's");
        user.setProperty("queuelock.lane.number", "3"); // the lander's lane's, not the check's
        user.setProperty("queuelock.lane.port", "8083");

        assertThat(MavenLauncher.passedOn(user).stringPropertyNames())
                .containsExactlyInAnyOrder("skipITs", "queuelock.land.checkGoals", "mvndx");
    }

    /** What Maven 4 puts among a lander's user properties under mvnd 2.0.0-rc-3 and on 4.0.0-rc-5: its own view of its installation and directory. */
    @Test
    void maven4sOwnPathsAreNotPassedOnTheUsersChoicesAre() {
        Properties user = new Properties();
        user.setProperty("maven.installation.conf", "/opt/mvnd/mvn/conf");
        user.setProperty("maven.installation.settings", "/opt/mvnd/mvn/conf/settings.xml");
        user.setProperty("maven.project.conf", "/repo-lane-3/.mvn");
        user.setProperty("maven.project.extensions", "/repo-lane-3/.mvn/extensions.xml");
        user.setProperty("session.rootDirectory", "/repo-lane-3");
        user.setProperty("session.topDirectory", "/repo-lane-3");
        user.setProperty("maven.user.settings", "/home/me/.m2/settings.xml");
        user.setProperty("maven.repo.local", "/cache/m2");
        user.setProperty("session.sessionId", "a user's own key");

        assertThat(MavenLauncher.passedOn(user).stringPropertyNames())
                .containsExactlyInAnyOrder("maven.user.settings", "maven.repo.local", "session.sessionId");
    }
}
