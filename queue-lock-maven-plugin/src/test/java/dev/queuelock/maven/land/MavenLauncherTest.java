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
        user.setProperty("queuelock.checkGoals", "verify");
        user.setProperty("mvndx", "a user's own key, not mvnd's");

        assertThat(MavenLauncher.passedOn(user).stringPropertyNames())
                .containsExactlyInAnyOrder("skipITs", "queuelock.checkGoals", "mvndx");
    }
}
