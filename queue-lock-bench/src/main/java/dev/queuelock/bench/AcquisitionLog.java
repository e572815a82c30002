package dev.queuelock.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A worker's log: one line {@code round wait acquired released} per acquisition (monotonic ns;
 * released -1 while still held; a later line for the same round wins). The Node worker writes
 * the same format.
 */
final class AcquisitionLog {

    private final Path file;
    private final StringBuilder pending = new StringBuilder();

    AcquisitionLog(Path file) {
        this.file = file;
    }

    void add(int round, long wait, long acquired, long released) {
        pending.append(round).append(' ').append(wait).append(' ').append(acquired).append(' ')
                .append(released).append('\n');
    }

    void write(int round, long wait, long acquired, long released) {
        add(round, wait, acquired, released);
        flush();
    }

    void flush() {
        try {
            Files.writeString(file, pending, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            pending.setLength(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The acquisitions of one worker; {@code pid} tags them with who made them. */
    static List<Acquisition> read(Path file, long pid) {
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            java.util.Map<Integer, Acquisition> byRound = new java.util.TreeMap<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.trim().split(" ");
                if (f.length == 4) {
                    int round = Integer.parseInt(f[0]);
                    byRound.put(round, new Acquisition(pid, round, Long.parseLong(f[1]), Long.parseLong(f[2]),
                            Long.parseLong(f[3])));
                }
            }
            return new ArrayList<>(byRound.values());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
