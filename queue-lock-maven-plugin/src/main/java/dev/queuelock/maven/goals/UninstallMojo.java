package dev.queuelock.maven.goals;

import dev.queuelock.land.LandException;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.setup.AgentSetup;
import dev.queuelock.land.setup.SetupRecord;
import java.io.IOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Removes exactly what {@code init} wrote: every file init left untouched goes back byte for byte
 * (or away, if init created it) — {@code .mvn/extensions.xml}, the pre-push guard,
 * {@code CLAUDE.md}, {@code AGENTS.md}, {@code .claude/settings.json}. A file edited by hand since
 * keeps the edits and loses only the instructions block or the hook.
 *
 * @since 0.1.0
 */
@Mojo(name = "uninstall", requiresProject = false, aggregator = true, threadSafe = true)
public class UninstallMojo extends LanesMojo {

    @Override
    public void execute() throws MojoExecutionException {
        try {
            LaneLayout layout = layout();
            SetupRecord record = SetupRecord.load(layout.commonDir());
            if (!record.exists()) {
                getLog().warn("no record of init in " + layout.commonDir() + " (init ran in another clone?); removing only the"
                        + " agent instructions and the WorktreeCreate hook. Remove the extension from .mvn/extensions.xml by"
                        + " hand.");
            }
            new AgentSetup(topDirectory(), landLog()).uninstall(record);
        } catch (LandException e) {
            throw new MojoExecutionException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("uninstall could not write in " + topDirectory() + ": " + e.getMessage()
                    + "; fix that and run it again.");
        }
    }
}
