package dev.queuelock.slots;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The recent builds of a build queue ({@link BuildUsage}), kept beside its tickets in the queue
 * directory as {@value #NAME}: the last {@value #KEPT} builds, one line each. Replaced whole (a
 * temp file created new, then moved over it), so a reader sees the old file or the new one; a
 * line that is not a build is skipped; a lost update between two builds ending together costs
 * one measurement, never the file. The npm tool reads only {@code lock} and {@code tickets/}.
 */
public final class UsageHistory {

    public static final String NAME = "usage";
    static final int KEPT = 20;

    private final Path file;

    /** @param queueDir the build queue's directory */
    public UsageHistory(Path queueDir) {
        this.file = queueDir.resolve(NAME);
    }

    /** The recent builds, oldest first; none if the file is missing, unreadable or not ours. */
    public List<BuildUsage> read() {
        List<BuildUsage> builds = new ArrayList<>();
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return builds;
            }
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                BuildUsage.parse(line).ifPresent(builds::add);
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return builds;
    }

    /** Adds a build, keeping the last {@value #KEPT}; false if the file could not be written (only a measurement is lost). */
    public boolean record(BuildUsage build) {
        List<String> lines = new ArrayList<>();
        for (BuildUsage old : read()) {
            lines.add(old.line());
        }
        lines.add(build.line());
        List<String> kept = lines.subList(Math.max(0, lines.size() - KEPT), lines.size());
        Path temp = file.resolveSibling(NAME + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.deleteIfExists(temp);
            Files.write(temp, kept, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return true;
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // left for the next writer of this pid
            }
            return false;
        }
    }

    /** Whether a file of this name is a usage history's or its temp file, for a cleaner of the queue dir. */
    public static boolean isOurs(String name) {
        return name.equals(NAME) || name.matches(NAME + "\\.\\d{1,18}\\.tmp");
    }
}
