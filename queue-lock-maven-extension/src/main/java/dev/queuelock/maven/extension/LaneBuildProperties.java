package dev.queuelock.maven.extension;

import dev.queuelock.config.QueueLockProperties;
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

    static void apply(MavenExecutionRequest request, Path topDirectory) {
        Properties user = request.getUserProperties();
        LaneDirectory lanes = from(user);
        if (lanes == null) {
            return; // a bad suffix or port base: the queuelock:* goals say what is wrong
        }
        OptionalInt n = lanes.number(topDirectory);
        if (n.isEmpty()) {
            return;
        }
        set(request, QueueLockProperties.LANE_NUMBER, String.valueOf(n.getAsInt()));
        set(request, QueueLockProperties.LANE_PORT, String.valueOf(lanes.port(n.getAsInt())));
    }

    private static LaneDirectory from(Properties user) {
        String suffix = user.getProperty(QueueLockProperties.WORKTREE_SUFFIX, LaneDirectory.DEFAULT_WORKTREE_SUFFIX);
        String base = user.getProperty(QueueLockProperties.PORT_BASE);
        try {
            int portBase = base == null ? LaneDirectory.DEFAULT_PORT_BASE : Integer.parseInt(base.trim());
            return suffix.isEmpty() || portBase <= 0 ? null : new LaneDirectory(suffix, portBase);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static void set(MavenExecutionRequest request, String name, String value) {
        request.getUserProperties().putIfAbsent(name, value);
        // Maven 3 copies the user properties into the project building request when it creates
        // it; if it already exists, the POMs are interpolated from that copy.
        request.getProjectBuildingRequest().getUserProperties().putIfAbsent(name, value);
    }
}
