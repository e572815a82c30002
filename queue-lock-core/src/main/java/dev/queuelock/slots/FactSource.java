package dev.queuelock.slots;

import dev.queuelock.process.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

/**
 * Where the machine's and a build's facts are read: {@code /proc} on Linux, the JDK's management
 * beans elsewhere (macOS). The same switch as the process layer ({@link Processes}): the
 * environment variable {@value Processes#ENV}{@code =portable} forces the portable path, so Linux
 * tests walk the path a Mac takes; else Linux wherever {@code /proc} can be read (two file checks,
 * once per JVM, and no process started).
 */
enum FactSource {
    LINUX,
    PORTABLE;

    static final Path MEMINFO = Paths.get("/proc/meminfo");
    static final Path SELF_STAT = Paths.get("/proc/self/stat");
    static final Path SELF_STATUS = Paths.get("/proc/self/status");

    /**
     * The source the environment asks for now. Not fixed once per JVM: an mvnd daemon runs build
     * after build, each in its own client's environment, and one build's switch must not choose for the next.
     */
    static FactSource current() {
        return choose(System.getenv(Processes.ENV));
    }

    static FactSource choose(String forced) {
        if (Processes.forcesPortable(forced)) {
            return PORTABLE;
        }
        return Proc.READABLE ? LINUX : PORTABLE;
    }

    /** Whether {@code /proc} gives the Linux facts: the machine's, looked at once, when first asked. */
    private static final class Proc {
        static final boolean READABLE = Files.isReadable(MEMINFO) && Files.isReadable(SELF_STAT);
    }

    /** {@code linux} or {@code portable}, as the process layer names them. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** A small {@code /proc} file as text (they report size 0, so it is read to its end). */
    static String read(Path procFile) throws IOException {
        return new String(Files.readAllBytes(procFile), StandardCharsets.US_ASCII);
    }

    /**
     * The number of a {@code Name:  1234 kB} line of {@code /proc/meminfo} or {@code /proc/<pid>/status},
     * in bytes; -1 if the line is missing or malformed.
     */
    static long kilobytesLine(String text, String name) {
        int at = text.startsWith(name + ":") ? 0 : text.indexOf("\n" + name + ":");
        if (at < 0) {
            return -1;
        }
        int start = text.indexOf(':', at) + 1;
        int end = text.indexOf('\n', start);
        String value = text.substring(start, end < 0 ? text.length() : end).trim();
        if (!value.endsWith(" kB")) {
            return -1;
        }
        try {
            return Long.parseLong(value.substring(0, value.length() - 3).trim()) * 1024;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
