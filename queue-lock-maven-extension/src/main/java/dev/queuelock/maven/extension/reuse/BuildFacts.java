package dev.queuelock.maven.extension.reuse;

import dev.queuelock.build.TestReruns;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.maven.execution.MavenExecutionRequest;

/**
 * What every module of a build shares and its outputs may depend on, for the modules' keys: the
 * JDK (its version, vendor, build and home: two installations of one version may differ), the Maven
 * version, the profiles asked for, the user properties and the JVM's own {@code -D} options (set
 * through {@code MAVEN_OPTS}, a plugin reads them as it reads {@code -D} on the command line), the
 * worktree's path taken out of each so a lane and the main checkout agree.
 */
final class BuildFacts {

    /** The JDK Maven runs on, which compiles unless a toolchain chooses another (then nothing has a key). */
    private static final List<String> JDK = List.of("java.version", "java.vendor", "java.vm.version", "java.home");
    /** queue-lock's own user properties: they choose how to queue and what to test, not what is built. */
    private static final String OWN_PROPERTIES = "queuelock.";
    /**
     * Properties that choose where artifacts lie, how tests are rerun or how Maven's own log looks,
     * not what is built: the resolver's (a lane's or a check's part of the local repository), the
     * local repository (land names it to its checks), the reruns land sets on its checks, and the
     * log's colour and format (Maven 3's and 4's logger), which a user may set in one worktree and
     * not another. A prefix ends with a dot.
     */
    private static final List<String> NOT_INPUTS = List.of("aether.", "maven.repo.local", TestReruns.SUREFIRE,
            TestReruns.FAILSAFE, "style.color", "org.slf4j.simpleLogger.", "maven.logger.");
    /** mvnd's daemon's own options (its id, its registry): they name the daemon, and no build's output reads them. */
    private static final String MVND_OPTIONS = "-Dmvnd.";
    /** What stands for the worktree's own path, so the same inputs in two worktrees read alike. */
    static final String WORKTREE = "${worktree}";

    private BuildFacts() {
    }

    /** The facts of {@code request}'s build, run in this JVM, in the worktree {@code top}. */
    static SortedMap<String, String> of(MavenExecutionRequest request, Path top) {
        return of(request, ManagementFactory.getRuntimeMXBean().getInputArguments(), top);
    }

    /** The facts of {@code request}'s build, run in a JVM started with {@code jvmArguments}. */
    static SortedMap<String, String> of(MavenExecutionRequest request, List<String> jvmArguments, Path top) {
        SortedMap<String, String> facts = new TreeMap<>();
        Properties system = request.getSystemProperties();
        for (String key : JDK) {
            facts.put(key, system.getProperty(key, System.getProperty(key)));
        }
        facts.put("maven.version", system.getProperty("maven.version"));
        facts.put("profiles.active", String.join(",", request.getActiveProfiles()));
        facts.put("profiles.inactive", String.join(",", request.getInactiveProfiles()));
        List<String> options = new ArrayList<>();
        for (String argument : jvmArguments) {
            if (argument.startsWith("-D") && !argument.startsWith(MVND_OPTIONS) && !notInput(argument.substring(2).split("=", 2)[0])) {
                options.add(argument.replace(top.toString(), WORKTREE));
            }
        }
        facts.put("jvm -D options", String.join("\n", options));
        userProperties(request.getUserProperties(), false).forEach((k, v) -> facts.put("user " + k, v.replace(top.toString(), WORKTREE)));
        return facts;
    }

    /** The user properties, sorted: all but queue-lock's own, or ({@code own}) only those. */
    static SortedMap<String, String> userProperties(Properties user, boolean own) {
        SortedMap<String, String> sorted = new TreeMap<>();
        for (Map.Entry<Object, Object> e : user.entrySet()) {
            String key = String.valueOf(e.getKey());
            if (key.startsWith(OWN_PROPERTIES) == own && !notInput(key)) {
                sorted.put(key, String.valueOf(e.getValue()));
            }
        }
        return sorted;
    }

    private static boolean notInput(String key) {
        for (String name : NOT_INPUTS) {
            if (name.endsWith(".") ? key.startsWith(name) : key.equals(name)) {
                return true;
            }
        }
        return false;
    }
}
