package dev.queuelock.maven.goals;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.Preview;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Shows this lane's working tree (uncommitted changes included) in the main checkout, for a dev
 * server running there, files the lane deleted deleted there too; {@code -Dqueuelock.preview.restore} puts
 * the main checkout back exactly. Refuses when the main checkout has changes of its own; never
 * copies ignored files or {@code target/}.
 *
 * @since 0.1.0
 */
@Mojo(name = "preview", requiresProject = false, aggregator = true, threadSafe = true)
public class PreviewMojo extends AbstractRepositoryMojo {

    @Override
    public void execute() throws MojoExecutionException {
        List<String> problems = new ArrayList<>();
        boolean restore = Boolean.TRUE.equals(setting(PreviewGoalSettings.RESTORE, problems));
        LaneSettings settings = laneSettings(problems);
        try {
            Preview preview = new Preview(layout(settings), landLog());
            if (restore) {
                preview.restore();
            } else {
                preview.show(topDirectory());
            }
        } catch (LandException e) {
            throw new MojoExecutionException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("preview could not write in the main checkout: " + e.getMessage()
                    + (restore ? "; run it again" : "; undo what was copied with -Dqueuelock.preview.restore"));
        }
    }
}
