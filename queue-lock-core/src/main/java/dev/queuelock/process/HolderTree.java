package dev.queuelock.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
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

    private static final Path PROC = Paths.get("/proc");

    private HolderTree() {
    }

    /** The environment to give a child this process starts while it holds a lock. */
    public static Map<String, String> childEnvironment() {
        String inherited = System.getenv(ENV);
        String own = token(ProcessHandle.current().pid(), ProcessStart.current());
        return Map.of(ENV, inherited == null || inherited.isEmpty() ? own : inherited + ";" + own);
    }

    /** Whether a process other than the holder itself still runs with the holder's identity in {@value #ENV}. */
    public static boolean anyStartedBy(long pid, String start) {
        String wanted = token(pid, start);
        byte[] needle = (ENV + "=").getBytes(StandardCharsets.UTF_8);
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC, HolderTree::isPid)) {
            for (Path process : processes) {
                if (Long.parseLong(process.getFileName().toString()) != pid && carries(process, needle, wanted)) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException e) {
            return false; // no /proc: nothing to see
        }
        return false;
    }

    private static boolean isPid(Path entry) {
        String name = entry.getFileName().toString();
        return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
    }

    private static boolean carries(Path process, byte[] needle, String wanted) {
        byte[] env;
        try {
            env = Files.readAllBytes(process.resolve("environ")); // empty for a zombie: it holds nothing
        } catch (IOException | RuntimeException e) {
            return false; // another user's, or gone
        }
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
