package dev.queuelock.process;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The process layer: every fact queue-lock asks the operating system about processes (is a pid
 * alive, when did it start, does a dead holder's tree still run, where do processes work) is asked
 * of one of two implementations, chosen without starting a process or reading more than the Linux
 * path always read: {@link LinuxProcesses} where {@code /proc} can be read,
 * {@link PortableProcesses} elsewhere (macOS), or everywhere when the environment variable
 * {@value #ENV}{@code =portable} asks for it, so Linux tests walk the path a Mac takes.
 */
public abstract class Processes {

    /** {@code portable} forces {@link PortableProcesses}; inherited by every JVM and build we start. */
    public static final String ENV = "QUEUELOCK_PROCESSES";

    private final String why;

    Processes(String why) {
        this.why = why;
    }

    /**
     * The implementation the environment asks for now. Not fixed once per JVM: a build daemon runs
     * build after build, each in its own client's environment, and one build's {@value #ENV} must
     * not choose for the next.
     */
    public static Processes current() {
        return forEnvironment(System.getenv(ENV));
    }

    /** The last choice, kept while the variable stays as it was: choosing reads {@code /proc}. */
    private static volatile Chosen last;

    /** The implementation a process whose {@value #ENV} is {@code forced} uses: how it judges, and records, its children. */
    public static Processes forEnvironment(String forced) {
        Chosen chosen = last;
        if (chosen == null || !Objects.equals(chosen.forced, forced)) {
            chosen = new Chosen(forced, choose(forced));
            last = chosen;
        }
        return chosen.processes;
    }

    private static final class Chosen {
        final String forced;
        final Processes processes;

        Chosen(String forced, Processes processes) {
            this.forced = forced;
            this.processes = processes;
        }
    }

    /** Whether {@code forced}, a value of {@value #ENV}, asks for the portable path (also read by the machine facts). */
    public static boolean forcesPortable(String forced) {
        return forced != null && forced.trim().equals(PortableProcesses.NAME);
    }

    static Processes choose(String forced) {
        String value = forced == null ? "" : forced.trim();
        if (forcesPortable(value)) {
            return new PortableProcesses(ENV + "=" + PortableProcesses.NAME);
        }
        String ignored = value.isEmpty() || value.equals(LinuxProcesses.NAME) ? ""
                : "; " + ENV + "=" + value + " is neither " + LinuxProcesses.NAME + " nor " + PortableProcesses.NAME
                + ", ignored";
        Optional<Processes> linux = LinuxProcesses.ifReadable("/proc is readable" + ignored);
        return linux.isPresent() ? linux.get() : new PortableProcesses("no readable /proc" + ignored);
    }

    /** {@code linux} or {@code portable}. */
    public abstract String name();

    /** One line for debug output: which implementation, and why this one. */
    public final String describe() {
        return "process facts: " + name() + " (" + why + ")";
    }

    /** This JVM's pid. */
    public abstract long ownPid();

    /**
     * The start token of a running process (tells it from a later process given the same pid), or
     * empty if it is gone or its start cannot be read. See {@link ProcessStart#matches}.
     */
    public abstract Optional<String> startToken(long pid);

    /**
     * Whether a process with this pid runs (a zombie does not count) and, when {@code start} is
     * not null, is the one that started then. If its start cannot be read now, it counts as the
     * same process: a live lock is never freed on a guess.
     */
    public abstract boolean isAlive(long pid, String start);

    /**
     * What tells this very process from a later one given the same pid without reading its facts
     * again, or null where nothing can: asked of a process judged alive a moment before, a later
     * answer equal to this one means it has not been reaped since (see {@link SeenProcesses}).
     */
    public abstract Object identity(long pid);

    /** Whether a process the holder {@code pid}/{@code start} started while holding still runs. */
    public abstract boolean anyStartedBy(long pid, String start);

    /**
     * The processes the holder {@code pid}/{@code start} started while holding that still run,
     * without their own descendants (a check build, not its test forks): what keeps a dead holder's
     * hold, as {@code status} names it. Empty where none runs or none can be seen.
     */
    public abstract List<Long> keepers(long pid, String start);

    /**
     * The running processes the holder {@code pid}/{@code start} started while holding (what
     * {@link #anyStartedBy} looks for), each a handle taken while it was verified to be that
     * process: signalling through it never reaches a later process given the same pid.
     */
    public abstract List<ProcessHandle> startedBy(long pid, String start);

    /**
     * A handle of the process {@code pid} that started at {@code start}, taken between two reads of
     * its start that both match exactly: signalling through it never reaches a later process given
     * the same pid. Empty if it is gone, is another, or its start cannot be read.
     */
    public final Optional<ProcessHandle> verifiedHandle(long pid, String start) {
        if (start == null) {
            return Optional.empty();
        }
        Optional<String> before = startToken(pid);
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        return before.isPresent() && before.get().equals(start) && before.equals(startToken(pid)) ? handle
                : Optional.empty();
    }

    /**
     * Whether this process, a server, still has a TCP connection accepted on one of its listening
     * ports (a build daemon's to the client whose build it runs); empty where that cannot be told.
     */
    public abstract Optional<Boolean> servesAConnection();

    /** Loads what judging a dead holder needs, while idle; see {@link HolderTree#prepare}. */
    void prepareHolderScan() {
    }

    /** Notes a child this process (a holder) just started: it keeps the holder's locks if the holder dies. */
    void started(Process child) {
    }

    /** Forgets a child noted by {@link #started} once it has ended. */
    void ended(Process child) {
    }

    /**
     * Where this user's processes work, with their command names and parents: what tells whether a
     * directory is in use, and which processes are orphans. {@link Occupants#known()} is false,
     * with the reason, where it cannot be told.
     */
    public abstract Occupants occupants();

    /**
     * The program and arguments a process was started with, as this user may read them: what tells
     * a build from a shell. Empty if they cannot be read (another user's process, a
     * system that does not say) or the process is gone; {@link #isAlive} tells which.
     */
    public abstract Optional<List<String>> arguments(long pid);
}
