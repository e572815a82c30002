package dev.queuelock.maven.extension;

import dev.queuelock.config.LaneDirectorySettings;
import dev.queuelock.repo.LaneDirectory;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.Properties;
import org.apache.maven.execution.MavenExecutionRequest;

/**
 * Gives every build inside lane n the user properties {@code queuelock.lane.number} and
 * {@code queuelock.lane.port}, so a POM can say {@code ${queuelock.lane.port}}. Read off the
 * directory name only (hot path: no git, no file read); one the user set wins.
 */
final class LaneBuildProperties {

    private LaneBuildProperties() {
    }

    /**
     * @throws IllegalArgumentException a bad worktree suffix or port base, with the key and what
     *                                  it accepts; nothing is set then
     */
    static void apply(MavenExecutionRequest request, Path topDirectory) {
        Properties user = request.getUserProperties();
        LaneDirectory lanes = LaneDirectorySettings.from(user);
        OptionalInt n = lanes.number(topDirectory);
        if (n.isEmpty()) {
            return;
        }
        set(request, LaneDirectory.NUMBER_PROPERTY, String.valueOf(n.getAsInt()));
        set(request, LaneDirectory.PORT_PROPERTY, String.valueOf(lanes.port(n.getAsInt())));
    }

    private static void set(MavenExecutionRequest request, String name, String value) {
        request.getUserProperties().putIfAbsent(name, value);
        // Maven 3 copies the user properties into the project building request when it creates
        // it; if it already exists, the POMs are interpolated from that copy.
        request.getProjectBuildingRequest().getUserProperties().putIfAbsent(name, value);
    }
}
