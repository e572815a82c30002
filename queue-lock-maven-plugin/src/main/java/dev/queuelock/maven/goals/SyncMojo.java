package dev.queuelock.maven.goals;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.engine.CheckAndPushSettings;
import dev.queuelock.land.engine.MainCheckoutSync;
import dev.queuelock.land.git.RemoteBranch;
import dev.queuelock.land.lanes.LaneLayout;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Fast-forwards the main checkout to the integration branch on the remote, as {@code land} does
 * after its push — e.g. for a dev server running there. Regenerable files are discarded; other
 * local changes are carried along when the incoming commits do not touch them (git decides); a
 * main checkout on another branch, diverged, or with files in the way is left alone, with one
 * warning line that says which. Never forces.
 *
 * @since 0.1.0
 */
@Mojo(name = "sync", requiresProject = false, aggregator = true, threadSafe = true)
public class SyncMojo extends AbstractLandTargetMojo {

    @Override
    public void execute() throws MojoExecutionException {
        try {
            LaneLayout layout = layout();
            CheckAndPushSettings settings = CheckAndPushSettings.on(target(), setting(CheckAndPushSettings.REGENERABLE_FILES, new ArrayList<>()));
            String integration = settings.target().integrationBranch(layout.mainGit());
            layout.mainGit().fetch(RemoteBranch.of(settings.remote(), integration));
            if (new MainCheckoutSync(layout.commonDir(), settings, integration, landLog()).fastForward()) {
                getLog().info("main checkout " + layout.mainCheckout() + " is at " + settings.remote() + "/" + integration);
            }
        } catch (LandException e) {
            throw new MojoExecutionException(e.getMessage());
        }
    }
}
