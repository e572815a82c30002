package dev.queuelock.land.checks;

import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.git.RepoContext;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The check logs of a repository, {@code <git common dir>/queuelock/logs/}: one file per check run,
 * {@code <name>-<UTC yyyyMMdd-HHmmss-SSS>.log} (name = the lane, or {@code batch}), so the next
 * land never overwrites the log of a failure someone is still reading, with its companions
 * ({@link #companion}). The newest {@value #KEPT} of each name are kept.
 */
public final class CheckLogs {

    public static final int KEPT = 10;

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS");

    private final Path dir;

    /** The check logs of this repository, beside its history: not in a worktree, so a log never dirties a lane. */
    public static CheckLogs of(RepoContext repo) {
        return new CheckLogs(StateEntry.CHECK_LOGS.in(repo.stateDir()));
    }

    public CheckLogs(Path dir) {
        this.dir = dir;
    }

    /** Where they are: the directory a check's hold records as its output ({@code LockRecord#output()}). */
    public Path dir() {
        return dir;
    }

    /** A fresh log file for a check run of {@code name}; older ones beyond the newest {@value #KEPT} are removed. */
    public Path next(String name) {
        prune(name);
        return dir.resolve(name + "-" + ZonedDateTime.now(ZoneOffset.UTC).format(STAMP) + ".log");
    }

    /** How many check runs have a log in {@code dir}: their logs, not their companions. */
    public static int count(Path dir) {
        String[] names = dir.toFile().list();
        int logs = 0;
        for (String name : names == null ? new String[0] : names) {
            if (name.endsWith(".log")) {
                logs++;
            }
        }
        return logs;
    }

    /** A file that goes with a check's log and is removed with it, e.g. {@code <log>.plan}. */
    public static Path companion(Path log, String suffix) {
        return log.resolveSibling(log.getFileName() + "." + suffix);
    }

    private void prune(String name) {
        Pattern mine = Pattern.compile(Pattern.quote(name) + "-\\d{8}-\\d{6}-\\d{3}\\.log");
        List<Path> logs = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path file : files) {
                if (mine.matcher(file.getFileName().toString()).matches()) {
                    logs.add(file);
                }
            }
        } catch (IOException e) {
            return; // no logs yet
        }
        Collections.sort(logs); // the stamp sorts by time
        for (Path old : logs.subList(0, Math.max(0, logs.size() - (KEPT - 1)))) {
            try (DirectoryStream<Path> mineToo = Files.newDirectoryStream(dir, old.getFileName() + "*")) {
                for (Path file : mineToo) {
                    Files.deleteIfExists(file); // the log and its companions
                }
            } catch (IOException e) {
                // kept one more: harmless
            }
        }
    }
}
