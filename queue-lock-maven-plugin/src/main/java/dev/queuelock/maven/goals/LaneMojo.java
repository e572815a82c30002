package dev.queuelock.maven.goals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.config.Setting;
import dev.queuelock.land.Git;
import dev.queuelock.land.LandException;
import dev.queuelock.land.lanes.LaneClaim;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.setup.ClaudeSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Creates the lowest free numbered lane: worktree {@code ../<repo>-lane-<n>} on branch
 * {@code lane/<n>} from the main checkout's HEAD, with the configured git-ignored paths symlinked
 * in. Prints the lane's absolute path as the last line of standard output. With
 * {@code -Dqueuelock.hook=true} it is Claude Code's {@code WorktreeCreate} hook: it reads the
 * hook's JSON on standard input and says why it refuses on standard error.
 *
 * @since 0.1.0
 */
@Mojo(name = "lane", requiresProject = false, aggregator = true, threadSafe = true)
public class LaneMojo extends LanesMojo {

    /** {@value}: true or false, default false. */
    static final String HOOK = "queuelock.hook";

    static final Setting<Boolean> LANE_HOOK = Setting.flag(HOOK, false, "lane",
            "Run as Claude Code's WorktreeCreate hook (what init wires in): read the hook's JSON on standard input, "
                    + "print the path after a marker, give the reason for a refusal on standard error.");

    /**
     * Run as Claude Code's WorktreeCreate hook (what init wires in): read the hook's JSON on standard input,
     * print the path after a marker, give the reason for a refusal on standard error.
     *
     * @since 0.1.0
     */
    @Parameter(property = HOOK, defaultValue = "false")
    private String hook;

    @Override
    public void execute() throws MojoExecutionException {
        List<String> problems = new ArrayList<>();
        Boolean hook = parse(LANE_HOOK, this.hook, problems);
        try {
            LaneSettings settings = laneSettings(problems);
            Path from = hook ? hookDirectory().orElse(topDirectory()) : topDirectory();
            LaneClaim.Created created = new LaneClaim(LaneLayout.of(new Git(from), settings)).create();
            if (!hook) {
                getLog().info("created lane " + created.lane().number() + " on branch " + created.lane().branch().orElse("?")
                        + (created.linked().isEmpty() ? "" : ", linked " + String.join(", ", created.linked())));
            }
            // Scripts read the path off the last line; the hook's shell line finds it after the marker.
            System.out.println((hook ? ClaudeSettings.PATH_MARKER : "") + created.lane().path());
            System.out.flush();
        } catch (LandException | MojoExecutionException e) {
            if (Boolean.TRUE.equals(hook)) {
                System.err.println("queue-lock: no lane created: " + e.getMessage());
            }
            throw new MojoExecutionException(e.getMessage());
        }
    }

    /** The {@code cwd} Claude Code sends; absent, unreadable or not a directory: the invocation's own. */
    private static java.util.Optional<Path> hookDirectory() {
        try {
            byte[] input = System.in.readAllBytes();
            JsonNode cwd = new ObjectMapper().readTree(new String(input, StandardCharsets.UTF_8)).path("cwd");
            if (cwd.isTextual() && Files.isDirectory(Path.of(cwd.asText()))) {
                return java.util.Optional.of(Path.of(cwd.asText()));
            }
        } catch (IOException | RuntimeException e) {
            // no or malformed input: create the lane for the directory the hook runs in
        }
        return java.util.Optional.empty();
    }
}
