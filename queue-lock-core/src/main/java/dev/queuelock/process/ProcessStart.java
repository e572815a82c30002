package dev.queuelock.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;

/**
 * A token that tells one process from a later one that got the same pid.
 *
 * <p>On Linux it is the boot id plus the start time in clock ticks from {@code /proc/<pid>/stat}:
 * exact, and immune to wall-clock steps (the JDK's {@code startInstant} is derived from a boot
 * time that moves when the clock is stepped, so two JVMs may disagree about it). Elsewhere it is
 * the JDK's start instant in epoch milliseconds.
 */
public final class ProcessStart {

    private static final Path PROC = Paths.get("/proc");
    private static final String BOOT_ID = readBootId();

    private ProcessStart() {
    }

    /** This process's token. */
    public static String current() {
        return of(ProcessHandle.current().pid()).orElse(null);
    }

    /** The token of a running process, or empty if it is gone or its start cannot be read. */
    public static Optional<String> of(long pid) {
        if (BOOT_ID != null) {
            return procStat(pid).map(stat -> "linux:" + BOOT_ID + ":" + stat.startTicks);
        }
        return ProcessHandle.of(pid)
                .flatMap(h -> h.info().startInstant())
                .map(instant -> "epoch-ms:" + instant.toEpochMilli());
    }

    /** Whether /proc says the pid is a zombie: exited, waiting to be reaped, holding nothing. */
    static boolean isZombie(long pid) {
        return BOOT_ID != null && procStat(pid).map(stat -> stat.state == 'Z').orElse(false);
    }

    private static Optional<Stat> procStat(long pid) {
        try {
            String stat = new String(Files.readAllBytes(PROC.resolve(Long.toString(pid)).resolve("stat")),
                    StandardCharsets.UTF_8);
            // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Optional.of(new Stat(fields[0].charAt(0), fields[19]));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String readBootId() {
        try {
            return new String(Files.readAllBytes(PROC.resolve("sys/kernel/random/boot_id")), StandardCharsets.UTF_8)
                    .trim();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static final class Stat {
        final char state;
        final String startTicks;

        Stat(char state, String startTicks) {
            this.state = state;
            this.startTicks = startTicks;
        }
    }
}
