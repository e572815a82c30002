package dev.queuelock.land.lanes;

import dev.queuelock.process.Occupant;
import dev.queuelock.process.Occupants;
import dev.queuelock.process.Processes;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Which directories live processes work in, asked of the process layer ({@link Processes}: the
 * OS's {@code /proc} or {@code lsof}), never guessed from git state: a fresh lane with no commits
 * looks exactly like a landed one. Where nobody can tell, every directory counts as busy: pruning
 * fails closed and keeps the lane.
 */
public final class LiveProcesses {

    private final Occupants occupants;

    private LiveProcesses(Occupants occupants) {
        this.occupants = occupants;
    }

    /** A snapshot of the working directories of this user's processes (others' cannot be read). */
    public static LiveProcesses now() {
        return new LiveProcesses(Processes.current().occupants());
    }

    /** Whether the OS could say where processes work; if not, {@link #anyIn} is always true. */
    public boolean known() {
        return occupants.known();
    }

    /** Why nobody can tell where processes work; empty when {@link #known()}. */
    public Optional<String> unknownBecause() {
        return occupants.unknownBecause();
    }

    /** True if a live process works in {@code dir} or below it (or nobody can tell). */
    public boolean anyIn(Path dir) {
        return !known() || occupants.all().stream().map(Occupant::directory).anyMatch(cwd -> cwd.startsWith(dir));
    }
}
