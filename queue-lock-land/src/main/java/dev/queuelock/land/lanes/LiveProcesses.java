package dev.queuelock.land.lanes;

import dev.queuelock.process.Occupant;
import dev.queuelock.process.Occupants;
import dev.queuelock.process.Processes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Who works in which lane, asked of the process layer ({@link Processes}: {@code /proc}, or
 * {@code lsof}), never guessed from git state: a fresh lane with no commits looks exactly like a
 * landed one. A lane is kept by an agent process ({@link LaneUse#isAgent}) or a build or land of
 * ours (a Maven JVM: in a lane every build runs with queue-lock; or our CLI), or by a process whose
 * parent in the same lane is one (a shell the agent runs, a surefire fork). Anything else there is
 * only named. Where nobody can tell, every lane counts as kept: pruning fails closed.
 */
public final class LiveProcesses {

    /** Maven's launcher (3 and 4) and our CLI, as they appear on a JVM's command line. */
    private static final Pattern OURS = Pattern.compile(
            "org\\.codehaus\\.plexus\\.classworlds\\.launcher\\.Launcher|dev\\.queuelock\\.cli\\.Main|queue-lock-core[^ /]*-cli\\.jar");

    private final Occupants occupants;
    private final Map<Long, Occupant> byPid = new HashMap<>();
    private final LaneUse use;

    private LiveProcesses(Occupants occupants, LaneUse use) {
        this.occupants = occupants;
        this.use = use;
        occupants.all().forEach(o -> byPid.put(o.pid(), o));
    }

    /** A snapshot of the working directories of this user's processes (others' cannot be read). */
    public static LiveProcesses now(LaneUse use) {
        return new LiveProcesses(Processes.current().occupants(), use);
    }

    /** Whether the OS could say where processes work; if not, every lane is kept. */
    public boolean known() {
        return occupants.known();
    }

    /** Why nobody can tell where processes work; empty when {@link #known()}. */
    public Optional<String> unknownBecause() {
        return occupants.unknownBecause();
    }

    /** True if an agent or a build of ours works in {@code dir} or below it (or nobody can tell). */
    public boolean keeps(Path dir) {
        return !known() || in(dir).stream().anyMatch(o -> keeps(o, dir));
    }

    /** The processes in {@code dir} that do not keep it: a shell, an IDE, a dev server. */
    public List<Occupant> bystanders(Path dir) {
        List<Occupant> found = new ArrayList<>();
        in(dir).stream().filter(o -> !keeps(o, dir)).forEach(found::add);
        return found;
    }

    private List<Occupant> in(Path dir) {
        List<Occupant> found = new ArrayList<>();
        occupants.all().stream().filter(o -> o.directory().startsWith(dir)).forEach(found::add);
        return found;
    }

    /** It, or a parent of it working in the same lane, is an agent or ours. */
    private boolean keeps(Occupant occupant, Path dir) {
        for (Occupant o = occupant; o != null && o.directory().startsWith(dir); o = byPid.get(o.parent())) {
            if (use.isAgent(o.command()) || isOurs(o.pid())) {
                return true;
            }
            if (o.parent() == o.pid()) {
                break;
            }
        }
        return false;
    }

    private static boolean isOurs(long pid) {
        return ProcessHandle.of(pid).flatMap(h -> h.info().commandLine()).map(line -> OURS.matcher(line).find())
                .orElse(false);
    }
}
