package dev.queuelock.maven.land;

import dev.queuelock.build.localrepo.LocalRepositorySettings;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.checks.CommandChecks;
import dev.queuelock.land.engine.CheckAndPushSettings;
import dev.queuelock.build.TestReruns;
import dev.queuelock.process.HolderTree;
import dev.queuelock.build.localrepo.LocalRepositoryParts;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.build.localrepo.ResolverProperties;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.model.Profile;

/**
 * The checks {@code land} runs on the rebased commit: a child {@code mvn -B} of this very Maven
 * installation ({@link MavenLauncher}), with the same settings files, profiles, offline mode, local
 * repository and user properties, so the check build is the build the user would have run; it installs
 * into a part of the local repository of its own ({@link #localRepository}).
 */
public final class CheckBuild {

    private CheckBuild() {
    }

    /** Test-runner properties that run a failing test again, as {@code queuelock.land.checkReruns} says. */

    /** Where an affected-module check measures its changes from, and where its plan is reported. */
    public static final class Affected {
        final String upstream;
        final Consumer<String> report;

        /**
         * @param upstream the integration branch's ref candidates are rebased onto
         * @param report   land's log, for the plan the check build writes back
         */
        public Affected(String upstream, Consumer<String> report) {
            this.upstream = upstream;
            this.report = report;
        }
    }

    /** The check goals as a full build ({@code queuelock.land.checkScope=full}). */
    public static Checks from(MavenExecutionRequest request, String goals, List<String> command, boolean required) {
        return from(request, goals, command, required, null);
    }

    /**
     * @param goals    goals and phases, separated by spaces or commas; empty for none
     * @param command  an explicit command instead of goals; empty for none (it runs as it is: only
     *                 the check goals are narrowed to the affected modules)
     * @param affected null for the full build
     * @throws IllegalArgumentException (one line, with the fix) if no checks are configured but required
     */
    public static Checks from(MavenExecutionRequest request, String goals, List<String> command, boolean required, Affected affected) {
        if (command != null && !command.isEmpty()) {
            requireArgumentList(command);
            return new CommandChecks(command, HolderTree.childEnvironment());
        }
        List<String> goalList = goals == null ? List.of() : Arrays.stream(goals.trim().split("[\\s,]+"))
                .filter(g -> !g.isEmpty()).collect(java.util.stream.Collectors.toList());
        if (goalList.isEmpty()) {
            if (required) {
                throw new IllegalArgumentException("no checks configured: set -Dqueuelock.land.checkGoals=verify (or checkCommand), "
                        + "or -Dqueuelock.land.checksRequired=false to land unchecked.");
            }
            return Checks.NONE;
        }
        // The lander's identity goes down the check's whole tree: a kill -9ed lander keeps its locks until it ends.
        if (affected != null) {
            return new AffectedChecks(mavenCommand(request, List.of()), goalList, affected.upstream, HolderTree.childEnvironment(),
                    affected.report, localRepositoryOf(request));
        }
        return new SpeculativePart(mavenCommand(request, goalList), HolderTree.childEnvironment(), localRepositoryOf(request));
    }

    private static Path localRepositoryOf(MavenExecutionRequest request) {
        return request.getLocalRepositoryPath() == null ? null : request.getLocalRepositoryPath().toPath();
    }

    /** {@code "sh -c 'x'"} as one argument would be run as a program of that name: say how to write it instead. */
    private static void requireArgumentList(List<String> command) {
        String program = command.get(0);
        if (program.strip().contains(" ") && !Files.exists(Path.of(program))) {
            throw new IllegalArgumentException("checkCommand '" + program + "' is one argument with spaces, but it is run"
                    + " without a shell and its arguments are separated by commas: write -Dqueuelock.land.checkCommand="
                    + String.join(",", program.strip().split("\\s+")) + " (or put the command in a script).");
        }
    }

    static List<String> mavenCommand(MavenExecutionRequest request, List<String> goals) {
        List<String> args = new ArrayList<>();
        args.add(MavenLauncher.current());
        args.add("-B");
        String home = System.getProperty("maven.home");
        addFile(args, "-s", request.getUserSettingsFile(), Path.of(System.getProperty("user.home"), ".m2", "settings.xml"));
        addFile(args, "-gs", request.getGlobalSettingsFile(), home == null ? null : Path.of(home, "conf", "settings.xml"));
        List<String> profiles = new ArrayList<>(request.getActiveProfiles());
        request.getInactiveProfiles().forEach(p -> profiles.add("!" + p));
        if (!profiles.isEmpty()) {
            args.add("-P");
            args.add(String.join(",", profiles));
        }
        if (request.isOffline()) {
            args.add("-o");
        }
        Properties user = MavenLauncher.passedOn(request.getUserProperties());
        int reruns = CheckAndPushSettings.CHECK_RERUNS.from(user);
        for (String rerun : TestReruns.ALL) {
            if (reruns > 0 && !user.containsKey(rerun)) { // a count the user chose wins
                user.setProperty(rerun, String.valueOf(reruns));
            }
        }
        if (request.getLocalRepositoryPath() != null && !user.containsKey("maven.repo.local")) {
            args.add("-Dmaven.repo.local=" + request.getLocalRepositoryPath().getAbsolutePath());
        }
        for (String name : new java.util.TreeSet<>(user.stringPropertyNames())) {
            args.add("-D" + name + "=" + user.getProperty(name));
        }
        for (Map.Entry<String, String> resolver : localRepository(request).properties().entrySet()) {
            args.add("-D" + resolver.getKey() + "=" + resolver.getValue());
        }
        args.addAll(goals);
        return args;
    }

    /**
     * The check build's part of the local repository, the checks of this lane's landings (not the lane's own
     * part: the rebased commit's installs are not the lane's), and locks across processes, given on its
     * command line so they hold even where the rebased commit does not list the extension. What the user
     * chose stays theirs: the check build reads the same user properties, JVM options and settings profiles.
     *
     * @throws IllegalArgumentException a bad {@code queuelock.lanes.installs}, naming it
     */
    static ResolverProperties localRepository(MavenExecutionRequest request) {
        File top = request.getMultiModuleProjectDirectory();
        RepoKey repo = RepoKey.of(top != null ? top.toPath() : Path.of(request.getBaseDirectory() != null ? request.getBaseDirectory() : "."));
        LocalRepositoryParts.Part part = repo.inGit() ? LocalRepositoryParts.of(repo.key()).checks(repo.lane()) : null;
        List<Map<?, ?>> chosen = new ArrayList<>(List.of(request.getUserProperties(), System.getProperties()));
        for (Profile profile : request.getProfiles()) {
            if (request.getActiveProfiles().contains(profile.getId())) {
                chosen.add(profile.getProperties());
            }
        }
        // Not the request's system properties: the extension put this lander's own (its lane's part) there.
        return ResolverProperties.decide(request.getSystemProperties().getProperty("maven.version"), part,
                LocalRepositorySettings.LANE_INSTALLS_SETTING.from(request.getUserProperties()), chosen);
    }

    /** Passes a settings file on unless it is the default the child would read anyway. */
    private static void addFile(List<String> args, String option, File file, Path defaultFile) {
        if (file != null && file.isFile() && (defaultFile == null || !file.toPath().toAbsolutePath().equals(defaultFile.toAbsolutePath()))) {
            args.add(option);
            args.add(file.getAbsolutePath());
        }
    }
}
