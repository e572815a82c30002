package dev.queuelock.maven.goals;

import dev.queuelock.land.lanes.LaneSettings;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Prints this lane's dev-server port, {@code portBase + n}, read off the lane's directory name:
 * {@code PORT=$(mvn -q queuelock:port)}. Builds inside the lane also see it as
 * {@code ${queuelock.lane.port}}.
 *
 * @since 0.1.0
 */
@Mojo(name = "port", requiresProject = false, aggregator = true, threadSafe = true)
public class PortMojo extends AbstractRepositoryMojo {

    @Override
    public void execute() throws MojoExecutionException {
        LaneSettings settings = laneSettings();
        Path top = topDirectory();
        OptionalInt lane = settings.directory().number(top);
        if (lane.isEmpty()) {
            throw new MojoExecutionException(top + " is not a lane (its name does not end in '"
                    + settings.directory().worktreeSuffix() + "<n>'); run this in a lane made by mvn queuelock:lane.");
        }
        GoalOutput.println(settings.directory().port(lane.getAsInt()));
    }
}
