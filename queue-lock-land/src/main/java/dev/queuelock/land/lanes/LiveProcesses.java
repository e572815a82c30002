package dev.queuelock.land.lanes;

import dev.queuelock.process.Occupant;
import dev.queuelock.process.Occupants;
import dev.queuelock.process.Processes;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Who works in which lane, asked of the process layer ({@link Processes}: {@code /proc}, or
 * {@code lsof} and the JDK), never guessed from git state: a fresh lane with no commits looks exactly
 * like a landed one. A lane is kept by an agent process ({@link LaneUse#isAgent}), by a Maven run
 * ({@link MavenCommands}: {@code mvn}, {@code ./mvnw}, mvnd's client, a lander, a forked test JVM;
 * our CLI), by a process whose parent in the same lane is one (a shell the agent runs), and by a
 * process whose command line cannot be read, as nobody can tell what it is. Anything else there is
 * only named. Where nobody can tell where processes work, every lane is kept: pruning fails closed.
 */
public final class LiveProcesses {

    /** What one process is, as far as keeping its lane goes. */
    private enum Role { AGENT, MAVEN, UNKNOWN, OTHER, GONE }

    private final Occupants occupants;
    private final LaneUse use;
    private final Function<Long, Optional<List<String>>> arguments;
    private final Map<Long, Occupant> byPid = new HashMap<>();
    private final Map<Long, Role> roles = new HashMap<>();

    private LiveProcesses(Occupants occupants, LaneUse use, Function<Long, Optional<List<String>>> arguments) {
        this.occupants = occupants;
        this.use = use;
        this.arguments = arguments;
        occupants.all().forEach(o -> byPid.put(o.pid(), o));
    }

    /** A snapshot of the working directories of this user's processes (others' cannot be read). */
    public static LiveProcesses now(LaneUse use) {
        return now(use, Processes.current()::arguments);
    }

    /** @param arguments how command lines are read: the process layer's, or in a test one that cannot read some */
    static LiveProcesses now(LaneUse use, Function<Long, Optional<List<String>>> arguments) {
        return new LiveProcesses(Processes.current().occupants(), use, arguments);
    }

    /** Whether the OS could say where processes work; if not, every lane is kept. */
    public boolean known() {
        return occupants.known();
    }

    /** Why nobody can tell where processes work; empty when {@link #known()}. */
    public Optional<String> unknownBecause() {
        return occupants.unknownBecause();
    }

    /** True if an agent, a Maven run or a process nobody can tell works in {@code dir} or below it (or nobody can tell where). */
    public boolean keeps(Path dir) {
        return keeper(dir).isPresent();
    }

    /**
     * Why {@code dir} is kept, e.g. {@code Maven run java (pid 4242)}: an agent or a Maven run there
     * if there is one, else a process nobody can tell, else that nobody can tell where processes
     * work; empty if nothing keeps it.
     */
    public Optional<String> keeper(Path dir) {
        if (!known()) {
            return unknownBecause();
        }
        List<Occupant> there = in(dir);
        Optional<String> sure = there.stream().map(o -> keeper(o, dir, false)).flatMap(Optional::stream).findFirst();
        return sure.or(() -> there.stream().map(o -> keeper(o, dir, true)).flatMap(Optional::stream).findFirst());
    }

    /** The processes in {@code dir} that do not keep it: a shell, an IDE, a dev server, mvnd's daemon. */
    public List<Occupant> bystanders(Path dir) {
        return in(dir).stream().filter(o -> role(o) != Role.GONE && keeper(o, dir, true).isEmpty()).collect(Collectors.toList());
    }

    private List<Occupant> in(Path dir) {
        return occupants.all().stream().filter(o -> o.directory().startsWith(dir)).collect(Collectors.toList());
    }

    /** It, or a parent of it working in the same lane, is an agent or a Maven run (or, if {@code unsure}, unknown). */
    private Optional<String> keeper(Occupant occupant, Path dir, boolean unsure) {
        for (Occupant o = occupant; o != null && o.directory().startsWith(dir); o = byPid.get(o.parent())) {
            Role role = role(o);
            if (role == Role.AGENT) {
                return Optional.of("agent " + o);
            }
            if (role == Role.MAVEN) {
                return Optional.of("Maven run " + o);
            }
            if (role == Role.UNKNOWN && unsure) {
                return Optional.of("cannot tell what " + o + " is: its command line cannot be read");
            }
            if (o.parent() == o.pid()) {
                break;
            }
        }
        return Optional.empty();
    }

    private Role role(Occupant o) {
        return roles.computeIfAbsent(o.pid(), pid -> judge(o));
    }

    private Role judge(Occupant o) {
        if (use.isAgent(o.command())) {
            return Role.AGENT;
        }
        Optional<List<String>> args = arguments.apply(o.pid());
        if (args.isEmpty()) {
            // Another user's process (or macOS keeping its arguments from us): keep its lane, say why.
            return Processes.current().isAlive(o.pid(), null) ? Role.UNKNOWN : Role.GONE;
        }
        return MavenCommands.of(args.get()) == MavenCommands.Kind.MAVEN ? Role.MAVEN : Role.OTHER;
    }
}
