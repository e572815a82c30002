package dev.queuelock.process;

import java.util.Optional;

/**
 * A token that tells one process from a later one that got the same pid, and the one rule by
 * which a recorded token matches a running process. Tokens name their scheme: {@code linux:} (boot
 * id and clock ticks, {@link LinuxProcesses}) or {@code epoch-ms:} (the JDK's start instant,
 * {@link PortableProcesses}).
 */
public final class ProcessStart {

    static final String LINUX_SCHEME = "linux:";
    static final String EPOCH_SCHEME = "epoch-ms:";
    /** How far apart two readings of one process's JDK start instant can be ({@link #sameEpochStart}). */
    static final long EPOCH_SLACK_MS = 1_000;

    private ProcessStart() {
    }

    /** This process's token. */
    public static String current() {
        Processes processes = Processes.current();
        return processes.startToken(processes.ownPid()).orElse(null);
    }

    /** The token of a running process, or empty if it is gone or its start cannot be read. */
    public static Optional<String> of(long pid) {
        return Processes.current().startToken(pid);
    }

    /**
     * Whether a process whose start reads {@code actual} is the one {@code recorded} names. A record
     * without a token (the npm tool writes none), a start that cannot be read now, and a token of
     * the other scheme (written by a process that used the other implementation, which this one
     * cannot compute) all count as a match: a live lock is never freed on a guess.
     */
    public static boolean matches(String recorded, String actual) {
        if (recorded == null || actual == null || recorded.equals(actual)) {
            return true;
        }
        if (recorded.startsWith(EPOCH_SCHEME) && actual.startsWith(EPOCH_SCHEME)) {
            return sameEpochStart(recorded, actual);
        }
        return !scheme(recorded).equals(scheme(actual));
    }

    /**
     * Two JDK start instants of one process read by two JVMs on Linux can differ by a second: each
     * JVM adds the process's start ticks to the boot time it read once, in whole seconds, from
     * {@code /proc/stat}, which moves when the clock is corrected. A pid is not used again within a
     * second, so within {@value #EPOCH_SLACK_MS} ms is the same process.
     */
    private static boolean sameEpochStart(String recorded, String actual) {
        try {
            long a = Long.parseLong(recorded.substring(EPOCH_SCHEME.length()));
            long b = Long.parseLong(actual.substring(EPOCH_SCHEME.length()));
            return Math.abs(a - b) <= EPOCH_SLACK_MS;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String scheme(String token) {
        return token.startsWith(LINUX_SCHEME) ? LINUX_SCHEME : token.startsWith(EPOCH_SCHEME) ? EPOCH_SCHEME : token;
    }
}
