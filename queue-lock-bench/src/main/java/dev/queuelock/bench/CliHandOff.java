package dev.queuelock.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario 2: N concurrent CLIs ({@code java -jar ...-cli.jar run -- CMD} vs the peer's
 * {@code build-lock -- CMD}), CMD a 20 ms command. The hand-off is the next CMD's start minus
 * the previous CMD's end, as each CMD logs them.
 *
 * <p>A blocker CLI holds the queue (its CMD blocks reading a named pipe) until all N CLIs have enrolled
 * (N tickets on disk), so every counted hand-off is to a CLI that was already waiting, not to a
 * JVM still starting. The CMD scripts read {@code date +%s%N} (CLOCK_REALTIME: a shell has no
 * monotonic clock); every timestamp of this scenario comes from it, so they compare.
 */
final class CliHandOff {

    private final Launcher launcher;
    private final RunDir.Parent runs;
    private final Path cmd;
    private final Path gate;

    CliHandOff(Launcher launcher, RunDir.Parent runs, int holdMs) {
        this.launcher = launcher;
        this.runs = runs;
        this.cmd = script(runs.path().resolve("cmd.sh"), "echo \"start $$ $(date +%s%N)\" >> \"$1\"",
                "sleep " + String.format(java.util.Locale.ROOT, "%.3f", holdMs / 1000.0),
                "echo \"end $$ $(date +%s%N)\" >> \"$1\"");
        this.gate = script(runs.path().resolve("gate.sh"), "echo \"start $$ $(date +%s%N)\" >> \"$1\"",
                "read go < \"$2\"", "echo \"end $$ $(date +%s%N)\" >> \"$1\"");
    }

    Measurement measure(int count, int rounds) throws InterruptedException {
        Measurement result = new Measurement();
        for (int round = 0; round < rounds; round++) {
            for (Side side : Side.order(round)) {
                result.add(side, once(side, count, round));
            }
        }
        return result;
    }

    private HandOffs once(Side side, int count, int round) throws InterruptedException {
        RunDir run = runs.create("cli-" + side.name().toLowerCase() + "-" + round);
        Path log = run.resolve("cmd.log");
        Path fifo = mkfifo(run.resolve("gate"));
        Workers clis = new Workers(run);
        clis.add("blocker", launcher.cli(side, run, "blocker", List.of(gate.toString(), log.toString(),
                run.resolve("gate").toString())));
        clis.await("the blocker's command to start", 120, () -> Files.exists(log));
        for (int i = 0; i < count; i++) {
            clis.add("c" + i, launcher.cli(side, run, "c" + i, List.of(cmd.toString(), log.toString())));
        }
        clis.await(count + " CLIs enrolled", 300, () -> run.tickets() == count);
        try {
            Files.write(fifo, new byte[] {'\n'}); // the blocker's CMD blocks reading it: no polling shell
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        clis.awaitAllSucceeded(120 + count * 2);
        return HandOffs.of(commands(log));
    }

    /** Each CMD's run as an acquisition: it was waiting since before the blocker let go. */
    static List<Acquisition> commands(Path log) {
        Map<Long, long[]> byPid = new HashMap<>();
        try {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                String[] f = line.trim().split(" ");
                if (f.length == 3) {
                    long[] times = byPid.computeIfAbsent(Long.parseLong(f[1]), pid -> new long[] {-1, -1});
                    times[f[0].equals("start") ? 0 : 1] = Long.parseLong(f[2]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Acquisition> commands = new ArrayList<>();
        byPid.forEach((pid, t) -> commands.add(new Acquisition(pid, 0, Long.MIN_VALUE, t[0], t[1])));
        commands.sort(Comparator.comparingLong(Acquisition::acquired));
        return commands;
    }

    private static Path mkfifo(Path path) throws InterruptedException {
        try {
            Process p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new BenchException("mkfifo " + path + " failed: " + out);
            }
            return path;
        } catch (IOException e) {
            throw new BenchException("mkfifo is missing (coreutils): " + e.getMessage());
        }
    }

    private static Path script(Path file, String... body) {
        List<String> lines = new ArrayList<>();
        lines.add("#!/bin/sh");
        lines.add("# Written by queue-lock-bench: a CMD run under the lock, logging its start and end.");
        lines.addAll(List.of(body));
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, lines, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }
}
