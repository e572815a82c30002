package dev.queuelock.maven.land;

import dev.queuelock.repository.LaneDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * The program that starts land's check build, and which of the lander's user properties it is
 * given. The check runs on the very Maven that runs the lander, through that installation's own
 * launcher: {@code bin/mvn}, or {@code bin/mvn.cmd} on Windows. Under the Maven Wrapper that is the
 * wrapper's unpacked distribution, so the check builds with the version the wrapper pins. Under
 * mvnd it is the plain Maven mvnd bundles (its {@code maven.home}): a check is one build of a
 * rebased commit, started and ended, and a daemon's cache of other lanes' builds is what it
 * must not trust; mvnd's own properties are its client's business and are not passed on.
 */
final class MavenLauncher {

    /**
     * Properties a launcher or mvnd's client sets for its own JVM, and those Maven 4 derives from its
     * installation and the lander's directory (mvnd 2.0.0-rc-3's Maven puts every
     * {@code maven.installation.*} and {@code maven.project.*} among the user properties, Maven 4.0.0-rc-5
     * the two {@code session.*}): the child's launcher sets its own, for the directory the check runs in.
     */
    private static final String[] LAUNCHERS_OWN = {"mvnd.", "maven.multiModuleProjectDirectory", "maven.home", "classworlds.",
        "maven.installation.", "maven.project.", "session.rootDirectory", "session.topDirectory",
        // The lander's lane's number and port (the extension's, for lane n's own builds): the check
        // builds elsewhere, and with several build slots that lane's own build may hold its port.
        LaneDirectory.NUMBER_PROPERTY, LaneDirectory.PORT_PROPERTY};

    private MavenLauncher() {
    }

    /** The launcher of the installation at {@code mavenHome}; {@code mvn} from PATH where there is none. */
    static String executable(String mavenHome, String osName) {
        boolean windows = osName != null && osName.toLowerCase(Locale.ROOT).startsWith("windows");
        String name = windows ? "mvn.cmd" : "mvn";
        if (mavenHome != null) {
            Path launcher = Path.of(mavenHome, "bin", name);
            if (Files.isRegularFile(launcher) && (windows || Files.isExecutable(launcher))) {
                return launcher.toString();
            }
        }
        return name;
    }

    /** This JVM's Maven's launcher. */
    static String current() {
        return executable(System.getProperty("maven.home"), System.getProperty("os.name"));
    }

    /** The user properties the check build is given: the user's, not a launcher's. */
    static Properties passedOn(Properties user) {
        Properties passed = new Properties();
        for (String name : user.stringPropertyNames()) {
            if (!isLaunchersOwn(name)) {
                passed.setProperty(name, user.getProperty(name));
            }
        }
        return passed;
    }

    private static boolean isLaunchersOwn(String name) {
        for (String own : LAUNCHERS_OWN) {
            if (own.endsWith(".") ? name.startsWith(own) : name.equals(own)) {
                return true;
            }
        }
        return false;
    }
}
