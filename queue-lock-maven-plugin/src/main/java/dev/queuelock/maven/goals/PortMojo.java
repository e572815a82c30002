package dev.queuelock.maven.goals;

import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.repository.ports.LanePortSettings;
import dev.queuelock.repository.ports.PortRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Prints a port of this lane: its dev-server port, {@code portBase + n}, read off the lane's
 * directory name ({@code PORT=$(mvn -q queuelock:port)}), or with {@code -Dqueuelock.port.name=http}
 * its named port {@code http}, one of {@code queuelock.lanes.ports}, from the machine's register of
 * lanes' ports (given there on the lane's first ask, the same number every ask after). Builds inside
 * the lane see them as {@code ${queuelock.lane.port}} and {@code ${queuelock.lane.port.http}}.
 *
 * @since 0.1.0
 */
@Mojo(name = "port", requiresProject = false, aggregator = true, threadSafe = true)
public class PortMojo extends AbstractRepositoryMojo {

    @Override
    public void execute() throws MojoExecutionException {
        List<String> problems = new ArrayList<>();
        String name = setting(PortGoalSettings.NAME, problems);
        LaneSettings settings = laneSettings(problems);
        Path top = topDirectory();
        OptionalInt lane = settings.directory().number(top);
        if (lane.isEmpty()) {
            throw new MojoExecutionException(top + " is not a lane (its name does not end in '"
                    + settings.directory().worktreeSuffix() + "<n>'); run this in a lane made by mvn queuelock:lane.");
        }
        if (name == null || name.isBlank()) {
            GoalOutput.println(settings.directory().port(lane.getAsInt()));
            return;
        }
        String asked = name.strip();
        if (!settings.portNames().contains(asked)) {
            throw new MojoExecutionException("this lane has no port named '" + asked + "': " + LanePortSettings.PORTS + " names "
                    + (settings.portNames().isEmpty() ? "none" : String.join(", ", settings.portNames()))
                    + "; add it there (in .mvn/maven.config for every lane).");
        }
        try {
            GoalOutput.println(PortRegistry.machine().portsOf(top, settings.portNames(), settings.namedPortBase()).get(asked));
        } catch (IOException e) {
            throw new MojoExecutionException("no port named " + asked + " for " + top + ": " + e.getMessage());
        }
    }
}
