package dev.queuelock.maven.init;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Which user-wide extensions file the running Maven reads, as the real distributions do (UserExtensionsIT runs them). */
class UserExtensionsFileTest {

    @Test
    void maven310ReadsTheOneInUserHome() {
        assertThat(UserExtensionsFile.of(new Properties(), system("3.10.0", "/home/ann")))
                .isEqualTo(Path.of("/home/ann/.m2/extensions.xml"));
    }

    @Test
    void maven4ReadsTheOneInItsUserConfDirOrWhereItIsNamed() {
        assertThat(UserExtensionsFile.of(new Properties(), system("4.0.0-rc-6", "/home/ann")))
                .isEqualTo(Path.of("/home/ann/.m2/extensions.xml"));
        Properties user = new Properties();
        user.setProperty("maven.user.conf", "/etc/ann-maven");
        assertThat(UserExtensionsFile.of(user, system("4.0.0-rc-6", "/home/ann"))).isEqualTo(Path.of("/etc/ann-maven/extensions.xml"));
        user.setProperty("maven.user.extensions", "/srv/ext.xml");
        assertThat(UserExtensionsFile.of(user, system("4.0.0-rc-6", "/home/ann"))).isEqualTo(Path.of("/srv/ext.xml"));
    }

    @Test
    void maven39AndOlderReadNoneSoTheyAreRefused() {
        assertThatThrownBy(() -> UserExtensionsFile.of(new Properties(), system("3.9.16", "/home/ann")))
                .hasMessageStartingWith("Maven 3.9.16 reads no user-wide extensions file (Maven 3.10 and 4 read ~/.m2/extensions.xml)")
                .hasMessageEndingWith("Nothing was written.");
        assertThatThrownBy(() -> UserExtensionsFile.of(new Properties(), system(null, "/home/ann")))
                .hasMessageStartingWith("This Maven (version unknown) reads no user-wide extensions file");
        assertThat(UserExtensionsFile.where(new Properties(), system("3.9.16", "/home/ann"))).as("where uninstall looks on any Maven")
                .isEqualTo(Path.of("/home/ann/.m2/extensions.xml"));
        assertThat(UserExtensionsFile.readsOne("3.8.7")).isFalse();
        assertThat(UserExtensionsFile.readsOne("3.10.0-SNAPSHOT")).isTrue();
        assertThat(UserExtensionsFile.readsOne("4.1.0")).isTrue();
    }

    @Test
    void aPropertyThatNamesNoPathIsOneLineNotAStackTrace() {
        Properties user = new Properties();
        user.setProperty("maven.user.extensions", "/home/ann/ext\0.xml");

        assertThatThrownBy(() -> UserExtensionsFile.where(user, system("4.0.0", "/home/ann")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("maven.user.extensions=/home/ann/ext\0.xml is not a path (")
                .hasMessageEndingWith("; set it to the directory or file Maven should read, or leave it unset.");
    }

    private static Properties system(String mavenVersion, String home) {
        Properties system = new Properties();
        if (mavenVersion != null) {
            system.setProperty("maven.version", mavenVersion);
        }
        system.setProperty("user.home", home);
        return system;
    }
}
