package dev.queuelock.maven.extension.check;

import dev.queuelock.repository.changes.ChangeForecast;
import dev.queuelock.repository.changes.Overlap;
import dev.queuelock.repository.changes.WorktreeChanges;
import dev.queuelock.repository.LaneDirectorySettings;
import dev.queuelock.process.GitCommand;
import dev.queuelock.repository.IntegrationBranch;
import dev.queuelock.repository.LaneDirectory;
import dev.queuelock.repo.RepoKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The conflicts forecast in a lane's own build: one line per other lane that changes a file this
 * lane changes ({@code shop-lane-4 also changes core/src/.../Parser.java}), so an agent learns it
 * before it lands. Each lane's changes are read as the affected build reads them
 * ({@link WorktreeChanges}, committed and uncommitted), side by side. It only reads: git without its
 * optional locks, no queue's lock, nothing written; where git cannot tell, it says nothing.
 */
public final class LaneOverlapLine {

    private static final Logger LOG = LoggerFactory.getLogger(LaneOverlapLine.class);
    private static final Duration GIT_LIMIT = Duration.ofSeconds(10);

    private LaneOverlapLine() {
    }

    /** Logs {@link #lines} as warnings. */
    public static void say(Path top, Properties user) throws InterruptedException {
        long start = System.nanoTime();
        List<String> lines = lines(top, user);
        lines.forEach(LOG::warn);
        LOG.debug("conflicts forecast: read in {} ms", (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * One line per other lane that changes a file this lane changes; none outside a lane.
     *
     * @param top the session's top directory, a lane's worktree
     */
    static List<String> lines(Path top, Properties user) throws InterruptedException {
        List<String> lines = new ArrayList<>();
        RepoKey repo = RepoKey.of(top);
        Path common = Path.of(repo.key());
        if (!repo.inGit() || repo.mainCheckout() || !common.getFileName().toString().equals(".git")) {
            return lines;
        }
        LaneDirectory directory;
        try {
            directory = LaneDirectorySettings.from(user);
        } catch (IllegalArgumentException e) {
            return lines; // LaneBuildProperties warned already
        }
        Path main = common.getParent();
        String own = String.valueOf(repo.worktree().getFileName());
        if (directory.numberBeside(main, repo.worktree()).isEmpty()) {
            return lines;
        }
        Map<String, Path> lanes = lanes(common, main, directory);
        if (lanes.size() < 2) {
            return lines;
        }
        GitCommand git = GitCommand.in(repo.worktree()).withTimeout(GIT_LIMIT);
        String remote = IntegrationBranch.REMOTE.from(user);
        IntegrationBranch integration = IntegrationBranch.known(git, common, remote, IntegrationBranch.CONFIGURED.from(user));
        Map<String, WorktreeChanges> changes = ChangeForecast.read(lanes, path -> WorktreeChanges.of(path, remote, integration));
        for (Overlap overlap : ChangeForecast.overlaps(changes)) {
            if (overlap.names(own)) {
                lines.add(overlap.other(own) + " also changes " + Overlap.files(overlap.files)
                        + ": whoever lands second rebases onto the other (mvn queuelock:status lists every overlap)");
            }
        }
        return lines;
    }

    /**
     * The repository's lanes (this one among them) by directory name: the worktrees git registered
     * ({@code <common dir>/worktrees/<id>/gitdir} names each one's {@code .git} file, as
     * {@code git worktree list} reads it), read directly, which costs no process start.
     */
    private static Map<String, Path> lanes(Path common, Path main, LaneDirectory directory) {
        Map<String, Path> lanes = new LinkedHashMap<>();
        try (DirectoryStream<Path> registered = Files.newDirectoryStream(common.resolve("worktrees"))) {
            for (Path entry : registered) {
                Path gitdir = entry.resolve("gitdir");
                if (!Files.isRegularFile(gitdir)) {
                    continue;
                }
                Path dotGit = Path.of(Files.readString(gitdir, StandardCharsets.UTF_8).strip());
                Path path = (dotGit.isAbsolute() ? dotGit : entry.resolve(dotGit)).normalize().getParent();
                if (path == null || !Files.isDirectory(path)) {
                    continue; // gone from disk: nobody builds there
                }
                path = path.toRealPath();
                if (directory.numberBeside(main, path).isPresent()) {
                    lanes.put(String.valueOf(path.getFileName()), path);
                }
            }
        } catch (IOException e) {
            return Map.of(); // cannot tell which lanes there are: say nothing
        }
        return lanes;
    }
}
