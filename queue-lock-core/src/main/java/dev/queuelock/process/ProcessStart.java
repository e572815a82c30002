package dev.queuelock.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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
            return procStat(pid).map(ProcessStart::token);
        }
        return ProcessHandle.of(pid)
                .flatMap(h -> h.info().startInstant())
                .map(instant -> "epoch-ms:" + instant.toEpochMilli());
    }

    /** Whether /proc says the pid is a zombie: exited, waiting to be reaped, holding nothing. */
    static boolean isZombie(long pid) {
        return BOOT_ID != null && procStat(pid).map(stat -> stat.state == 'Z').orElse(false);
    }

    /**
     * Liveness from a single read of {@code /proc/<pid>/stat}, the same file the JDK's
     * {@code ProcessHandle} reads on Linux (a waiter judges the holder on every poll, and four
     * reads of it were most of an idle waiter's CPU): no such file = gone; a zombie = dead; else
     * alive if {@code start} is null or matches. Empty when /proc cannot tell (not Linux, or
     * unreadable): then the caller asks the JDK.
     */
    static Optional<Boolean> aliveByProc(long pid, String start) {
        if (BOOT_ID == null) {
            return Optional.empty();
        }
        String raw;
        try {
            raw = new String(Files.readAllBytes(PROC.resolve(Long.toString(pid)).resolve("stat")), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.of(false);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        Optional<Stat> stat = parse(raw);
        if (stat.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(stat.get().state != 'Z' && (start == null || start.equals(token(stat.get()))));
    }

    private static Optional<Stat> procStat(long pid) {
        try {
            return parse(new String(Files.readAllBytes(PROC.resolve(Long.toString(pid)).resolve("stat")),
                    StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<Stat> parse(String stat) {
        try {
            // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Optional.of(new Stat(fields[0].charAt(0), fields[19]));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String token(Stat stat) {
        return "linux:" + BOOT_ID + ":" + stat.startTicks;
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
