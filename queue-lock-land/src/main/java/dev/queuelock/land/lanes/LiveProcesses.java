package dev.queuelock.land.lanes;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which directories live processes work in, read from the OS ({@code /proc/<pid>/cwd} on Linux),
 * never guessed from git state: a fresh lane with no commits looks exactly like a landed one.
 * Where the OS cannot tell (no {@code /proc}), every directory counts as busy: pruning fails
 * closed and keeps the lane.
 */
public final class LiveProcesses {

    private static final Path PROC = Path.of("/proc");

    private final List<Path> workingDirectories;
    private final boolean known;

    private LiveProcesses(List<Path> workingDirectories, boolean known) {
        this.workingDirectories = workingDirectories;
        this.known = known;
    }

    /** A snapshot of the working directories of this user's processes (others' cannot be read). */
    public static LiveProcesses now() {
        if (!Files.isDirectory(PROC.resolve("self"))) {
            return new LiveProcesses(List.of(), false);
        }
        long self = ProcessHandle.current().pid();
        List<Path> cwds = new ArrayList<>();
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(PROC, "[0-9]*")) {
            for (Path pid : pids) {
                if (pid.getFileName().toString().equals(String.valueOf(self))) {
                    continue; // this JVM works wherever it was started; it is not a lane's occupant
                }
                try {
                    cwds.add(Files.readSymbolicLink(pid.resolve("cwd")));
                } catch (IOException | SecurityException | UnsupportedOperationException e) {
                    // another user's process, or one that just ended
                }
            }
        } catch (IOException e) {
            return new LiveProcesses(List.of(), false);
        }
        return new LiveProcesses(cwds, true);
    }

    /** Whether the OS could say where processes work; if not, {@link #anyIn} is always true. */
    public boolean known() {
        return known;
    }

    /** True if a live process works in {@code dir} or below it (or nobody can tell). */
    public boolean anyIn(Path dir) {
        return !known || workingDirectories.stream().anyMatch(cwd -> cwd.startsWith(dir));
    }
}
