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
 * beans elsewhere (macOS). The process layer's choice ({@link Processes}), which the lock has made
 * already: the environment variable {@value Processes#ENV}{@code =portable} forces the portable
 * path, so Linux tests walk the path a Mac takes; else Linux wherever {@code /proc} can be read.
 */
enum FactSource {
    LINUX,
    PORTABLE;

    static final Path MEMINFO = Paths.get("/proc/meminfo");
    static final Path SELF_STAT = Paths.get("/proc/self/stat");
    static final Path SELF_STATUS = Paths.get("/proc/self/status");
    static final Path LOADAVG = Paths.get("/proc/loadavg");

    /**
     * The source the environment asks for now. Not fixed once per JVM: an mvnd daemon runs build
     * after build, each in its own client's environment, and one build's switch must not choose for the next.
     */
    static FactSource current() {
        return choose(System.getenv(Processes.ENV));
    }

    static FactSource choose(String forced) {
        return Processes.forEnvironment(forced).name().equals(LINUX.label()) ? LINUX : PORTABLE;
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

    /** The one-minute load average of {@code /proc/loadavg} now; -1 if it cannot be read. */
    static double oneMinuteLoad() {
        try {
            return loadAverage(read(LOADAVG), 0);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The {@code index}-th load average of {@code /proc/loadavg} (0: one minute, 1: five); -1 if malformed. */
    static double loadAverage(String loadavg, int index) {
        String[] fields = loadavg.trim().split(" ");
        if (fields.length <= index) {
            return -1;
        }
        try {
            double value = Double.parseDouble(fields[index]);
            return value >= 0 ? value : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
