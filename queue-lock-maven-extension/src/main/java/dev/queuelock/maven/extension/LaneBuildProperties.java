package dev.queuelock.maven.extension;

import dev.queuelock.repository.LaneDirectorySettings;
import dev.queuelock.repository.LaneDirectory;
import dev.queuelock.repository.WorktreeInclude;
import dev.queuelock.repository.ports.LanePortSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;
import org.apache.maven.execution.MavenExecutionRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives every build inside lane n the user properties {@code queuelock.lane.number} and
 * {@code queuelock.lane.port}, so a POM can say {@code ${queuelock.lane.port}}. Read off the
 * directory name only (hot path: no git, no file read); one the user set wins. A lane whose settings
 * name ports gets those too ({@link NamedPortProperties}), and a lane whose main checkout has a
 * {@code .worktreeinclude} the files it names, once ({@link LaneIncludedFiles}).
 */
final class LaneBuildProperties {

    private static final Logger LOG = LoggerFactory.getLogger(LaneBuildProperties.class);

    private LaneBuildProperties() {
    }

    /**
     * A bad worktree suffix or port base is only warned about: the build itself does not depend on it.
     *
     * @param build a build, not only this plugin's goals (status, watch, port...): only a build gives a lane its files
     */
    static void apply(MavenExecutionRequest request, Path topDirectory, boolean build) {
        Properties user = request.getUserProperties();
        LaneDirectory lanes;
        try {
            lanes = LaneDirectorySettings.from(user);
        } catch (IllegalArgumentException e) {
            // A POM that uses ${queuelock.lane.port} will say so.
            LOG.warn("{}; queuelock.lane.number and queuelock.lane.port are not set in this build.", e.getMessage());
            return;
        }
        OptionalInt n = lanes.number(topDirectory);
        if (n.isEmpty()) {
            return;
        }
        set(request, LaneDirectory.NUMBER_PROPERTY, String.valueOf(n.getAsInt()));
        set(request, LaneDirectory.PORT_PROPERTY, String.valueOf(lanes.port(n.getAsInt())));
        Optional<Path> main = lanes.mainCheckoutOf(topDirectory);
        // One file test in a lane: only a repository whose main checkout names files for lanes loads more.
        if (build && main.isPresent() && Files.isRegularFile(main.get().resolve(WorktreeInclude.FILE))) {
            LaneIncludedFiles.giveOnce(main.get(), topDirectory);
        }
        String named = user.getProperty(LanePortSettings.PORTS); // a constant: LanePortSettings is not loaded here
        if (named != null && !named.isBlank()) {
            for (Map.Entry<String, String> port : NamedPortProperties.of(request.getUserProperties(), topDirectory).entrySet()) {
                set(request, port.getKey(), port.getValue());
            }
        }
    }

    static void set(MavenExecutionRequest request, String name, String value) {
        request.getUserProperties().putIfAbsent(name, value);
        // Maven 3 copies the user properties into the project building request when it creates
        // it; if it already exists, the POMs are interpolated from that copy.
        request.getProjectBuildingRequest().getUserProperties().putIfAbsent(name, value);
    }
}
