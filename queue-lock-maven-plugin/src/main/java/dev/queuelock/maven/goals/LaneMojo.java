package dev.queuelock.maven.goals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.lanes.LaneClaim;
import dev.queuelock.land.lanes.LaneCreated;
import dev.queuelock.land.lanes.LaneInstalls;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.setup.ClaudeSettings;
import dev.queuelock.repository.ports.PortRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Creates the lowest free numbered lane: worktree {@code ../<repo>-lane-<n>} on branch
 * {@code lane/<n>} from the main checkout's HEAD, with the configured git-ignored paths symlinked
 * in, the git-ignored files that {@code .worktreeinclude} lists copied in and its named ports given;
 * one line says what it got. Prints the lane's absolute path as the last line of standard output. With {@code -Dqueuelock.lane.hook=true} it is
 * Claude Code's {@code WorktreeCreate} hook: it reads the hook's JSON on standard input
 * ({@code cwd}: the repository; {@code name}: Claude Code's name for the worktree, reported beside
 * the lane's number) and prints the path after a marker for the hook's shell line, which sends
 * Maven's output to standard error when no path comes. What an earlier lane of the same name installed
 * into the local repository is removed, so the new lane resolves nothing of it.
 *
 * @since 0.1.0
 */
@Mojo(name = "lane", requiresProject = false, aggregator = true, threadSafe = true)
public class LaneMojo extends AbstractRepositoryMojo {

    @Override
    public void execute() throws MojoExecutionException {
        List<String> problems = new ArrayList<>();
        Boolean hook = setting(LaneGoalSettings.HOOK, problems);
        LaneSettings settings = laneSettings(problems);
        JsonNode input = Boolean.TRUE.equals(hook) ? hookInput() : MissingNode.getInstance();
        Path from = input.path("cwd").isTextual() && Files.isDirectory(Path.of(input.path("cwd").asText()))
                ? Path.of(input.path("cwd").asText()) : topDirectory();
        LaneCreated created;
        try {
            LaneLayout layout = LaneLayout.of(new Git(from), settings);
            created = new LaneClaim(layout, PortRegistry.machine()).create();
            new LaneInstalls(layout, localRepository()).remove(created.lane().path()); // an old lane of this name's, if left
        } catch (LandException e) {
            throw new MojoExecutionException(e.getMessage());
        }
        String name = input.path("name").isTextual() ? " for Claude Code's worktree '" + input.path("name").asText() + "'" : "";
        String made = "created lane " + created.lane().number() + " on branch " + created.lane().branch().orElse("?") + name
                + created.summary();
        if (hook) {
            System.err.println("queue-lock: " + made); // standard output is the path's alone
        } else {
            getLog().info(made);
        }
        // Scripts read the path off the last line; the hook's shell line finds it after the marker.
        GoalOutput.println((hook ? ClaudeSettings.PATH_MARKER : "") + created.lane().path());
    }

    /** Claude Code's JSON on standard input; absent or malformed: nothing (the lane is made for this directory). */
    private static JsonNode hookInput() {
        try {
            JsonNode input = new ObjectMapper().readTree(new String(System.in.readAllBytes(), StandardCharsets.UTF_8));
            return input == null ? MissingNode.getInstance() : input;
        } catch (IOException | RuntimeException e) {
            return MissingNode.getInstance();
        }
    }
}
