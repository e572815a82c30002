package dev.queuelock.maven.init;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The user's own core extensions file, which Maven 3.10 and 4 read for every build of that user
 * (after the repository's {@code .mvn/extensions.xml}, whose entry of the same extension wins: Maven
 * loads each extension once). Maven 3.10 reads {@code ${user.home}/.m2/extensions.xml}; Maven 4
 * reads {@code maven.user.extensions}, by default {@code ${maven.user.conf}/extensions.xml} with
 * {@code maven.user.conf} at {@code ${user.home}/.m2}. Maven 3.9 and older read no such file.
 */
public final class UserExtensionsFile {

    /** The first Maven that reads a user-wide extensions file. */
    static final String FIRST_MAVEN = "3.10";

    private UserExtensionsFile() {
    }

    /**
     * The file the running Maven reads, from its {@code maven.version} and the session's user and
     * system properties.
     *
     * @throws IllegalArgumentException (one line, with what to do instead) on a Maven that reads none
     */
    public static Path of(Properties user, Properties system) {
        String version = system.getProperty("maven.version", "");
        if (!readsOne(version)) {
            String maven = version.isEmpty() ? "This Maven (version unknown)" : "Maven " + version;
            throw new IllegalArgumentException(maven + " reads no user-wide extensions file (Maven " + FIRST_MAVEN
                    + " and 4 read ~/.m2/extensions.xml), so queue-lock cannot be installed for all your repositories with it;"
                    + " run init with Maven " + FIRST_MAVEN + " or newer, or run mvn queuelock:init in each repository. Nothing was written.");
        }
        return where(user, system);
    }

    /**
     * Where the file is for the running Maven, or would be for Maven 3.10 on an older one: uninstall
     * takes the entry out on any Maven.
     *
     * @throws IllegalArgumentException (one line) if a property names no path this system has
     */
    public static Path where(Properties user, Properties system) {
        String extensions = property("maven.user.extensions", user, system);
        if (extensions != null) {
            return path("maven.user.extensions", extensions).toAbsolutePath();
        }
        String conf = property("maven.user.conf", user, system);
        Path dir = conf != null ? path("maven.user.conf", conf)
                : path("user.home", system.getProperty("user.home", System.getProperty("user.home"))).resolve(".m2");
        return dir.resolve("extensions.xml").toAbsolutePath();
    }

    private static Path path(String property, String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(property + "=" + value + " is not a path (" + e.getReason()
                    + "); set it to the directory or file Maven should read, or leave it unset.");
        }
    }

    /** Whether Maven {@code version} reads a user-wide extensions file: 3.10 and newer. */
    static boolean readsOne(String version) {
        String[] parts = version.split("[.-]");
        try {
            int major = Integer.parseInt(parts[0]);
            int minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return major > 3 || major == 3 && minor >= 10;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String property(String name, Properties user, Properties system) {
        String value = user.getProperty(name);
        return value != null && !value.isBlank() ? value : system.getProperty(name);
    }
}
