package dev.queuelock.maven.goals;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.setup.AgentSetup;
import dev.queuelock.land.setup.OwnState;
import dev.queuelock.land.setup.RemainingLanes;
import dev.queuelock.land.setup.SetupRecord;
import dev.queuelock.maven.init.ExtensionsXml;
import dev.queuelock.maven.init.UserExtensionsFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Removes exactly what {@code init} wrote: every file init left untouched goes back byte for byte
 * (or away, if init created it) — {@code .mvn/extensions.xml}, the pre-push guard,
 * {@code CLAUDE.md}, {@code AGENTS.md}, {@code .claude/settings.json}. A file edited by hand since
 * keeps the edits and loses only the instructions block or the hook. Then it removes queue-lock's
 * own state (the landing history and check logs under {@code <git common dir>/queuelock}, the
 * repository's queue directories in the temp dir that nobody holds or waits in) unless
 * {@code queuelock.uninstall.keepState} is set, names the lanes that still exist with the one command
 * that removes them, and says how to commit the removal. With {@code -Dqueuelock.init.scope=user}
 * it takes the extension out of the user's {@code ~/.m2/extensions.xml} alone (deleting the file
 * if nothing else is listed).
 *
 * @since 0.1.0
 */
@Mojo(name = "uninstall", requiresProject = false, aggregator = true, threadSafe = true)
public class UninstallMojo extends AbstractRepositoryMojo {

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    private PluginDescriptor plugin;

    private void uninstallForUser() throws MojoExecutionException {
        Path file;
        try {
            file = UserExtensionsFile.where(session().getUserProperties(), session().getSystemProperties()); // on any Maven
        } catch (IllegalArgumentException e) { // a property that names no path
            throw new MojoExecutionException(e.getMessage());
        }
        try {
            switch (new ExtensionsXml(plugin.getGroupId(), InitMojo.EXTENSION_ARTIFACT_ID, plugin.getVersion()).remove(file)) {
                case FILE_REMOVED:
                    getLog().info(file + ": removed (it listed only queue-lock); your builds queue only in repositories that list it");
                    break;
                case REMOVED:
                    getLog().info(file + ": queue-lock extension taken out, everything else kept; your builds queue only in"
                            + " repositories that list it");
                    break;
                default:
                    getLog().info(file + " does not list queue-lock; nothing to take out");
            }
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("uninstall could not write " + file + ": " + e.getMessage());
        }
    }

    @Override
    public void execute() throws MojoExecutionException {
        if (forUser()) {
            uninstallForUser();
            return;
        }
        List<String> problems = new ArrayList<>();
        boolean keep = Boolean.TRUE.equals(setting(UninstallGoalSettings.KEEP_STATE, problems));
        try {
            LaneLayout layout = layout(laneSettings(problems));
            SetupRecord record = SetupRecord.load(layout.commonDir());
            if (!record.exists()) {
                getLog().warn("no record of init in " + layout.commonDir() + " (init ran in another clone?); removing only the"
                        + " agent instructions and the WorktreeCreate hook. Remove the extension from .mvn/extensions.xml by"
                        + " hand.");
            }
            AgentSetup agents = new AgentSetup(topDirectory(), landLog());
            Optional<List<String>> editedBefore = changedOwnFiles(agents);
            agents.uninstall(record);
            ExtensionsXml extension = new ExtensionsXml(plugin.getGroupId(), InitMojo.EXTENSION_ARTIFACT_ID, plugin.getVersion());
            RemainingLanes.report(layout, extension::isListedIn, landLog());
            if (keep) {
                getLog().info("kept queue-lock's state (landing history, check logs, queue directories): -D" + UninstallGoalSettings.KEEP_STATE.name() + "=true");
            } else {
                new OwnState(layout.commonDir(), QueueLockFactory.defaults(), landLog()).remove();
            }
            editedBefore.ifPresent(edited -> sayHowToCommit(agents, edited));
        } catch (LandException e) {
            throw new MojoExecutionException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("uninstall could not write in " + topDirectory() + ": " + e.getMessage()
                    + "; fix that and run it again.");
        }
    }

    /** init's files that {@code git status} lists, or empty if git cannot tell (then uninstall just says nothing of committing). */
    private Optional<List<String>> changedOwnFiles(AgentSetup agents) {
        Path top = topDirectory();
        try {
            List<String> paths = new ArrayList<>();
            new Git(top).files().changes(InitMojo.ownFiles(top, agents)).forEach(change -> paths.add(change.path()));
            return Optional.of(paths);
        } catch (LandException e) {
            getLog().debug("no next step for committing the removal: " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * What uninstall changed in init's committed files is for the user to commit, as init's own
     * next step was; a file that had uncommitted edits before ({@code edited}) is left out of the
     * command, which would commit those edits too, and named for the user to review.
     */
    private void sayHowToCommit(AgentSetup agents, List<String> edited) {
        List<String> clean = new ArrayList<>();
        List<String> review = new ArrayList<>();
        changedOwnFiles(agents).orElse(List.of()).forEach(path -> (edited.contains(path) ? review : clean).add(path));
        if (!clean.isEmpty()) {
            getLog().info("next: commit the removal (git status lists it) and push it as any change: git add -- "
                    + String.join(" ", clean) + " && git commit -m 'Remove queue-lock'");
        }
        if (!review.isEmpty()) {
            getLog().info("also changed, but with uncommitted edits of yours from before uninstall (review them before you"
                    + " commit them): " + String.join(" ", review));
        }
    }
}
