package dev.queuelock.process;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The processes a lock holder started: a check build and its surefire fork, a CLI's CMD. They
 * carry the holder's identity in the environment variable {@value #ENV} (inherited down the whole
 * tree, through {@code mvn}, forks and shells), so a holder killed with {@code kill -9} - no
 * shutdown hook runs, and its children are re-parented out of reach - still holds its lock until
 * the last of them ends: one build at a time, even after a crash.
 *
 * <p>Found through {@code /proc/<pid>/environ} (Linux; the current user's processes); elsewhere a
 * dead holder's tree is not seen and the lock is free when the holder is.
 */
public final class HolderTree {

    /** {@code <pid>/<start token>} of every lock-holding ancestor, separated by {@code ;}. */
    public static final String ENV = "QUEUELOCK_HOLDERS";

    private static final File PROC = new File("/proc");

    private static volatile boolean prepared;

    private HolderTree() {
    }

    /** The environment to give a child this process starts while it holds a lock. */
    public static Map<String, String> childEnvironment() {
        String inherited = System.getenv(ENV);
        String own = token(ProcessHandle.current().pid(), ProcessStart.current());
        return Map.of(ENV, inherited == null || inherited.isEmpty() ? own : inherited + ";" + own);
    }

    /**
     * Whether a process other than the holder itself still runs with the holder's identity in
     * {@value #ENV}. One read of every process's environment: this sits on a crash take-over's
     * path, so it is kept to plain reads (a directory stream and lambdas made it 9 times slower
     * in a cold JVM).
     */
    public static boolean anyStartedBy(long pid, String start) {
        String[] entries = PROC.list();
        return entries != null && anyIn(entries, pid, start); // no /proc: nothing to see
    }

    private static boolean anyIn(String[] entries, long pid, String start) {
        byte[] needle = (ENV + "=").getBytes(StandardCharsets.UTF_8);
        String wanted = token(pid, start);
        String holder = Long.toString(pid);
        for (String entry : entries) {
            if (isPid(entry) && !entry.equals(holder) && carries(environ(entry), needle, wanted)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs the scan over this process alone, so a waiter that may have to judge a dead holder has
     * the scan's code loaded beforehand, not on the take-over's path; reading every process here
     * would cost each new waiter milliseconds of CPU just as others hand off. Once per JVM; call
     * while idle.
     */
    public static void prepare() {
        if (!prepared) {
            prepared = true;
            if (PROC.list() != null) {
                anyIn(new String[] {Long.toString(ProcessHandle.current().pid())}, -1, "");
            }
        }
    }

    private static boolean isPid(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** The process's environment; empty for a zombie (it holds nothing), another user's, or one gone. */
    private static byte[] environ(String pid) {
        try (FileInputStream in = new FileInputStream(new File(PROC, pid + "/environ"))) {
            return in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            return new byte[0];
        }
    }

    private static boolean carries(byte[] env, byte[] needle, String wanted) {
        int at = indexOf(env, needle);
        if (at < 0) {
            return false;
        }
        int from = at + needle.length;
        int end = from;
        while (end < env.length && env[end] != 0) {
            end++;
        }
        for (String holder : new String(env, from, end - from, StandardCharsets.UTF_8).split(";")) {
            if (holder.equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    /** Where {@code needle} starts a NUL-separated entry of {@code env}, or -1. */
    private static int indexOf(byte[] env, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= env.length; i++) {
            if (i > 0 && env[i - 1] != 0) {
                continue;
            }
            for (int j = 0; j < needle.length; j++) {
                if (env[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static String token(long pid, String start) {
        return pid + "/" + (start == null ? "" : start);
    }
}
