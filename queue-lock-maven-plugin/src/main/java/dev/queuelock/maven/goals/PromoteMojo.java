package dev.queuelock.maven.goals;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.Promotion;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Ships: fast-forwards the production branch on the remote to the integration branch. For people
 * only (the agents' instructions leave it out). Creates the production branch on the remote, at the
 * integration branch, when it does not exist yet; refuses when production has commits of its own;
 * does nothing when both are equal; never forces.
 *
 * @since 0.1.0
 */
@Mojo(name = "promote", requiresProject = false, aggregator = true, threadSafe = true)
public class PromoteMojo extends AbstractLandTargetMojo {

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        // Decided before git is asked anything: without a production branch there is nothing to promote to.
        LaneSettings lanes = laneSettings();
        String production = lanes.productionBranch().orElseThrow(() -> new MojoExecutionException(
                "no production branch is set; promote with -D" + LaneSettings.PRODUCTION_BRANCH.name() + "=<branch> (or set it in"
                        + " .mvn/maven.config)."));
        LandTarget target = target();
        try {
            LaneLayout layout = layout(lanes);
            new Promotion(layout.mainGit(), target.remote(), target.integrationBranch(layout.mainGit()), production, landLog())
                    .promote();
        } catch (LandException e) {
            throw new MojoFailureException(e.getMessage());
        }
    }
}
