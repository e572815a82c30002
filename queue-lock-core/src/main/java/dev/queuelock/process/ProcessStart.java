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
        return !scheme(recorded).equals(scheme(actual));
    }

    private static String scheme(String token) {
        return token.startsWith(LINUX_SCHEME) ? LINUX_SCHEME : token.startsWith(EPOCH_SCHEME) ? EPOCH_SCHEME : token;
    }
}
