package dev.queuelock.maven.goals;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.Git;
import dev.queuelock.repository.IntegrationBranch;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.git.PushGuard;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.setup.AgentInstructions;
import dev.queuelock.land.setup.AgentSetup;
import dev.queuelock.land.setup.SetupRecord;
import dev.queuelock.maven.init.ExtensionsXml;
import dev.queuelock.maven.init.LicenseChecks;
import dev.queuelock.maven.init.PomLicenseHeader;
import dev.queuelock.maven.init.UserExtensionsFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Sets a repository up for queue-lock: lists the extension in {@code .mvn/extensions.xml}
 * (creating or merging, keeping what is there), installs the pre-push guard that sends direct
 * pushes to the integration branch through {@code queuelock:land}, writes the agents' standing
 * instructions into {@code CLAUDE.md} (and {@code AGENTS.md} if there is one) and wires the
 * {@code WorktreeCreate} hook into {@code .claude/settings.json}. Hook and instructions call
 * {@code ./mvnw} when the repository has the Maven Wrapper, {@code mvn} otherwise. Running it twice
 * changes nothing; {@code queuelock:uninstall} takes out exactly what it wrote.
 *
 * <p>With {@code -Dqueuelock.init.scope=user} it lists the extension in the user's own
 * {@code ~/.m2/extensions.xml} instead, which Maven 3.10 and 4 read for every build of the user,
 * and writes nothing else; refused on Maven 3.9 and older, which read no such file.
 *
 * @since 0.1.0
 */
@Mojo(name = "init", requiresProject = false, aggregator = true, threadSafe = true)
public class InitMojo extends AbstractLandTargetMojo {

    /** The core extension's artifact, released with this plugin under the same group and version. */
    static final String EXTENSION_ARTIFACT_ID = "queue-lock-maven-extension";

    private static final String EXTENSIONS_XML = ".mvn/extensions.xml";

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    private PluginDescriptor plugin;

    @Override
    public void execute() throws MojoExecutionException {
        if (forUser()) {
            installForUser();
            return;
        }
        Path dir = topDirectory();
        LaneSettings lanes = laneSettings();
        Git git = new Git(dir);
        try {
            // Check first, write after: outside git, init would leave an extensions.xml behind and then fail.
            if (!git.isRepository()) {
                throw new MojoExecutionException(dir + " is not in a git repository; run init in your clone"
                        + " (or git init first). Nothing was written.");
            }
            SetupRecord record = SetupRecord.load(RepoContext.commonDir(git.worktree()));
            Path hooks = git.gitPath("hooks");
            AgentSetup agents = new AgentSetup(dir, landLog());
            record.watch(dir.resolve(".mvn").resolve("extensions.xml"), hooks.resolve("pre-push"), hooks.resolve(PushGuard.CHAINED));
            record.watch(agents.files().toArray(new Path[0]));
            try {
                install(dir, git, lanes, agents);
            } finally {
                record.settle(); // what was written is undone by uninstall, even if a later step failed
            }
        } catch (LandException | IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("init could not write in " + dir + ": " + e.getMessage());
        }
    }

    /** The extension in the user's extensions file, nothing else: each repository's landing set-up stays init's own. */
    private void installForUser() throws MojoExecutionException {
        Path file;
        try {
            file = UserExtensionsFile.of(session().getUserProperties(), session().getSystemProperties());
        } catch (IllegalArgumentException e) { // a Maven that reads no such file
            throw new MojoExecutionException(e.getMessage());
        }
        try {
            ExtensionsXml.Change change = new ExtensionsXml(plugin.getGroupId(), EXTENSION_ARTIFACT_ID, plugin.getVersion())
                    .ensureIn(file, Optional.empty());
            getLog().info(file + ": " + describe(change));
            getLog().info("every build of yours on Maven 3.10 or 4 now queues (Maven 3.9 and older read only a repository's "
                    + EXTENSIONS_XML + "); a repository whose " + EXTENSIONS_XML + " lists queue-lock too loads it once, at the"
                    + " version the repository lists");
            getLog().info("next: mvn queuelock:init in a repository adds its landing (pre-push guard, agent instructions);"
                    + " mvn queuelock:uninstall -D" + InitGoalSettings.SCOPE.name() + "=" + InitGoalSettings.USER + " takes this out again");
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("init could not write " + file + ": " + e.getMessage());
        }
    }

    private void install(Path dir, Git git, LaneSettings lanes, AgentSetup agents) throws IOException {
        LandTarget land = target();
        IntegrationBranch integration = land.integration(git);
        Optional<String> licenseHeader = PomLicenseHeader.of(dir);
        ExtensionsXml.Change change = new ExtensionsXml(plugin.getGroupId(), EXTENSION_ARTIFACT_ID, plugin.getVersion())
                .ensure(dir, licenseHeader);
        getLog().info(EXTENSIONS_XML + ": " + describe(change));
        getLog().info("integration branch: " + integration.describe());
        List<String> guarded = new java.util.ArrayList<>(land.guardedBranches(git));
        lanes.productionBranch().filter(b -> !guarded.contains(b)).ifPresent(guarded::add);
        List<String> ownFiles = ownFiles(dir, agents);
        Path hook = PushGuard.install(git, guarded, ownFiles);
        String maven = AgentInstructions.mavenCommand(dir);
        getLog().info("pre-push guard in " + hook + " refuses direct pushes to " + String.join(", ", guarded)
                + " (land with " + maven + " queuelock:land; emergencies: QUEUELOCK_EMERGENCY_PUSH=1)");
        agents.install(new AgentInstructions(land.remote(), integration.name(),
                lanes.productionBranch().orElse(null), lanes.autoLand(), maven));
        LicenseChecks.notes(session().getProjects(), change == ExtensionsXml.Change.CREATED,
                licenseHeader.isPresent()).forEach(getLog()::info);
        List<String> owned = new java.util.ArrayList<>();
        for (String file : ownFiles) {
            if (java.nio.file.Files.exists(dir.resolve(file))) {
                owned.add(file);
            }
        }
        owned.add(hook.startsWith(dir) ? dir.relativize(hook).toString().replace('\\', '/') : hook.toString());
        getLog().info("queue-lock's files here: " + String.join(", ", owned) + " (" + maven + " queuelock:uninstall takes out what init"
                + " wrote in them)");
        sayHowToPublish(git, land, integration, ownFiles);
    }

    /**
     * init's own files cannot be landed (land needs the extension on the branch first), so the
     * guard lets a push through that changes nothing else; say so, with the exact commands.
     */
    private void sayHowToPublish(Git git, LandTarget land, IntegrationBranch integration, List<String> ownFiles) {
        List<String> paths = new java.util.ArrayList<>();
        git.files().changes(ownFiles).forEach(change -> paths.add(change.path()));
        if (paths.isEmpty()) {
            return;
        }
        String commit = "git add " + String.join(" ", paths) + " && git commit -m 'Build queue and landing with queue-lock'";
        String push = "git push " + land.remote() + " HEAD:" + integration.name();
        getLog().info("next: publish the set-up straight to " + integration.name() + " (the guard lets a push through"
                + " that changes only queue-lock's own files): " + commit
                + (git.remotes().has(land.remote()) ? " && " + push : ", then " + addRemote(git, land.remote()) + ", and " + push));
    }

    /** A push to a remote the repository lacks fails: say to add it first (as land says before landing). */
    private static String addRemote(Git git, String remote) {
        List<String> others = git.remotes().names();
        return "add the remote this repository has not got yet (git remote add " + remote + " <url>"
                + (others.isEmpty() ? "" : "; its remotes: " + String.join(" ", others)) + ")";
    }

    /** The files init writes into the checkout {@code dir}, relative to it with {@code /}: what a commit of the set-up (or of its removal) holds. */
    static List<String> ownFiles(Path dir, AgentSetup agents) {
        List<String> ownFiles = new java.util.ArrayList<>(List.of(EXTENSIONS_XML));
        agents.files().forEach(f -> ownFiles.add(dir.relativize(f).toString().replace('\\', '/')));
        return ownFiles;
    }

    private static String describe(ExtensionsXml.Change change) {
        switch (change) {
            case CREATED:
                return "created with the queue-lock extension";
            case ADDED:
                return "queue-lock extension added, everything else kept";
            case UPGRADED:
                return "the old queue-lock-maven-plugin entry now lists " + EXTENSION_ARTIFACT_ID + ", everything else kept";
            default:
                return "already lists the queue-lock extension; unchanged";
        }
    }
}
