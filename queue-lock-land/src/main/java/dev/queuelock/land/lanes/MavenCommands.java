package dev.queuelock.land.lanes;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which command lines are a Maven run, however it was started: every build in a lane runs with
 * queue-lock (the extension is in the lane's {@code .mvn/extensions.xml}), so each is ours to keep
 * the lane for. Judged by the arguments alone: a JVM's command name is only {@code java}.
 */
final class MavenCommands {

    /** What a command line is, as far as keeping a lane goes. */
    enum Kind {
        /** A Maven run (a build, a land, a forked test JVM) or our CLI: it keeps the lane it works in. */
        MAVEN,
        /** mvnd's daemon: a host for builds of any lane, working wherever its first client was; it keeps none. */
        DAEMON,
        /** Anything else: a shell, an editor, a dev server. */
        OTHER
    }

    /**
     * Main classes of JVMs that are a Maven run: Maven 3 and 4's launcher (what {@code mvn},
     * {@code mvnDebug} and the script-only {@code mvnw} end in), the Maven Wrapper's own JVM
     * (a {@code mvnw} with {@code .mvn/wrapper/maven-wrapper.jar}: Maven runs inside it), mvnd's JVM
     * client, a test JVM forked by surefire or failsafe, our CLI.
     */
    private static final Set<String> MAIN_CLASSES = Set.of(
            "org.codehaus.plexus.classworlds.launcher.Launcher",
            "org.apache.maven.wrapper.MavenWrapperMain",
            "org.mvndaemon.mvnd.client.DefaultClient",
            "org.apache.maven.surefire.booter.ForkedBooter",
            "dev.queuelock.cli.Main");

    /** Jars run with {@code -jar} that are one: surefire's fork (its main class is in the manifest), our CLI. */
    private static final Pattern JARS = Pattern.compile("surefirebooter[^/]*\\.jar|queue-lock-core[^/]*-cli\\.jar");

    /** Launchers that are scripts or native programs (mvnd's client), run as the program or by a shell. */
    private static final Set<String> LAUNCHERS = Set.of("mvn", "mvnw", "mvnDebug", "mvnd", "mvnd.sh");

    /** Shells that run a launcher script ({@code sh ./mvnw} while the wrapper unpacks Maven). */
    private static final Set<String> SHELLS = Set.of("sh", "bash", "dash", "zsh", "ksh");

    /** mvnd starts its daemon, and only it, with the daemon's id. */
    private static final String DAEMON_ID = "-Dmvnd.id=";

    private MavenCommands() {
    }

    /** @param arguments the program and its arguments, as the process layer read them */
    static Kind of(List<String> arguments) {
        // One argument with spaces: a process that rewrote its command line as one string.
        List<String> args = arguments.size() == 1 ? Arrays.asList(arguments.get(0).trim().split(" +")) : arguments;
        if (args.isEmpty()) {
            return Kind.OTHER;
        }
        if (args.stream().anyMatch(a -> a.startsWith(DAEMON_ID))) {
            return Kind.DAEMON;
        }
        String program = fileName(args.get(0));
        boolean launcher = LAUNCHERS.contains(program)
                || SHELLS.contains(program) && args.size() > 1 && LAUNCHERS.contains(fileName(args.get(1)));
        boolean jvm = args.stream().anyMatch(a -> MAIN_CLASSES.contains(a) || JARS.matcher(fileName(a)).matches());
        return launcher || jvm ? Kind.MAVEN : Kind.OTHER;
    }

    private static String fileName(String argument) {
        return argument.substring(argument.lastIndexOf('/') + 1);
    }
}
