package dev.queuelock.process;

import java.util.List;
import java.util.Map;

/**
 * The processes a lock holder started: a check build and its surefire fork, a CLI's CMD. A holder
 * killed with {@code kill -9} - no shutdown hook runs, and its children are re-parented out of
 * reach - still holds its lock until they end: one build at a time, even after a crash.
 *
 * <p>How they are found is the process layer's business ({@link Processes}): on Linux every
 * process of the tree carries the holder's identity in the environment variable {@value #ENV}
 * (inherited through {@code mvn}, forks and shells) and {@code /proc/<pid>/environ} shows it; the
 * portable implementation, with no portable way to read another process's environment, records
 * each child the holder starts ({@link #started}) and asks whether one still runs.
 */
public final class HolderTree {

    /** {@code <pid>/<start token>} of every lock-holding ancestor, separated by {@code ;}. */
    public static final String ENV = "QUEUELOCK_HOLDERS";

    private HolderTree() {
    }

    /** The environment to give a child this process starts while it holds a lock. */
    public static Map<String, String> childEnvironment() {
        String inherited = System.getenv(ENV);
        String own = token(Processes.current().ownPid(), ProcessStart.current());
        return Map.of(ENV, inherited == null || inherited.isEmpty() ? own : inherited + ";" + own);
    }

    /** Call right after starting a child with {@link #childEnvironment()}, so its tree keeps this holder's locks. */
    public static void started(Process child) {
        Processes.current().started(child);
    }

    /** Call once a child noted by {@link #started} has ended. */
    public static void ended(Process child) {
        Processes.current().ended(child);
    }

    /** Whether a process other than the holder itself, started by it while holding, still runs. */
    public static boolean anyStartedBy(long pid, String start) {
        return Processes.current().anyStartedBy(pid, start);
    }

    /** The processes the holder started while holding that still run, their descendants left out ({@link Processes#keepers}). */
    public static List<Long> keepers(long pid, String start) {
        return start == null ? List.of() : Processes.current().keepers(pid, start);
    }

    /**
     * Gets ready to judge a holder killed later, while idle, so the take-over does not load code.
     * Once per JVM.
     */
    public static void prepare() {
        Processes.current().prepareHolderScan();
    }

    /**
     * Whether this process was started inside a hold of {@code pid}: its {@value #ENV} lists that
     * holder. Then it is part of the holder's tree, and that tree is what keeps a dead holder's lock
     * (see {@link Liveness}): waiting behind that holder would be waiting for itself.
     */
    public static boolean startedInsideHoldOf(long pid, String start) {
        return start != null && listed(System.getenv(ENV), token(pid, start));
    }

    static boolean listed(String holders, String wanted) {
        if (holders == null) {
            return false;
        }
        for (String holder : holders.split(";")) {
            if (holder.equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    static String token(long pid, String start) {
        return pid + "/" + (start == null ? "" : start);
    }
}
