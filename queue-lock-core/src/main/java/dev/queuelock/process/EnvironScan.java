package dev.queuelock.process;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Linux holder tree: processes whose {@code /proc/<pid>/environ} lists a holder in
 * {@value HolderTree#ENV} (the current user's processes; others' cannot be read).
 */
final class EnvironScan {

    private static final File PROC = new File("/proc");

    private static volatile boolean prepared;

    private EnvironScan() {
    }

    /**
     * One read of every process's environment: this sits on a crash take-over's path, so it is
     * kept to plain reads (a directory stream and lambdas made it 9 times slower in a cold JVM).
     */
    static boolean anyStartedBy(long pid, String start) {
        String[] entries = PROC.list();
        return entries != null && anyIn(entries, pid, start); // no /proc: nothing to see
    }

    private static boolean anyIn(String[] entries, long pid, String start) {
        return !in(entries, pid, start, true).isEmpty();
    }

    /** The pids of every process whose environment lists the holder (its tree, and daemons its tree detached). */
    static List<Long> startedBy(long pid, String start) {
        String[] entries = PROC.list();
        return entries == null ? List.of() : in(entries, pid, start, false);
    }

    /** Also whether a pid's environment lists the holder, read again (see {@link LinuxProcesses#startedBy}). */
    static boolean carries(long candidate, long pid, String start) {
        return carries(new EnvironReader().read(Long.toString(candidate)), HolderTree.token(pid, start));
    }

    private static List<Long> in(String[] entries, long pid, String start, boolean firstOnly) {
        String wanted = HolderTree.token(pid, start);
        String holder = Long.toString(pid);
        EnvironReader environs = new EnvironReader();
        List<Long> found = new ArrayList<>(firstOnly ? 1 : 4);
        for (String entry : entries) {
            if (isPid(entry) && !entry.equals(holder) && carries(environs.read(entry), wanted)) {
                found.add(Long.parseLong(entry));
                if (firstOnly) {
                    break;
                }
            }
        }
        return found;
    }

    /**
     * Runs the scan over this process alone, so a waiter that may have to judge a dead holder has
     * the scan's code loaded beforehand, not on the take-over's path; reading every process here
     * would cost each new waiter milliseconds of CPU just as others hand off. Once per JVM.
     */
    static void prepare() {
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

    /**
     * Reads environments as Latin-1 text (tokens are ASCII, so every byte stays one char and
     * decoding is a copy) through one reused buffer: readAllBytes costs two more system calls per
     * process, and the system calls are most of a scan.
     */
    private static final class EnvironReader {

        private byte[] buffer = new byte[16 * 1024];

        /** Empty for a zombie (it holds nothing), a process gone, or another user's. */
        String read(String pid) {
            File file = new File(PROC, pid + "/environ");
            if (!file.canRead()) {
                return ""; // another user's: asked by access(2), where a failed open builds an exception
            }
            try (FileInputStream in = new FileInputStream(file)) {
                int length = 0;
                for (int n; (n = in.read(buffer, length, buffer.length - length)) > 0; ) {
                    length += n;
                    if (length == buffer.length) {
                        buffer = Arrays.copyOf(buffer, buffer.length * 2);
                    }
                }
                return new String(buffer, 0, length, StandardCharsets.ISO_8859_1);
            } catch (IOException | RuntimeException e) {
                return "";
            }
        }
    }

    /**
     * Whether the environment's {@value HolderTree#ENV} lists {@code wanted}. Searched as a String,
     * whose indexOf is compiled code even in a cold JVM: a byte loop of our own ran interpreted,
     * 2-4 ms over 60 processes' environments on a crash take-over's path.
     */
    private static boolean carries(String text, String wanted) {
        if (!text.contains(wanted)) {
            return false; // nearly every process
        }
        String entry = HolderTree.ENV + "=";
        int at = text.startsWith(entry) ? 0 : text.indexOf("\0" + entry); // at an entry's start only
        if (at < 0) {
            return false;
        }
        int from = text.indexOf('=', at) + 1;
        int end = text.indexOf('\0', from);
        return HolderTree.listed(text.substring(from, end < 0 ? text.length() : end), wanted);
    }
}
