package dev.queuelock.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Checks, on this machine, that another JVM's (and Node's) monotonic readings fall between two
 * readings of ours taken around them: the one clock every cross-process latency relies on.
 */
final class ClockCheck {

    private ClockCheck() {
    }

    /** @param node whether Node's clock is used too (the peer runs) */
    static String verify(Launcher launcher, boolean node) throws InterruptedException {
        check("java", List.of(launcher.java(), "-cp", launcher.benchJar().toString(), ClockProbe.class.getName()));
        if (!node) {
            return "CLOCK_MONOTONIC ns (Java System.nanoTime()); cross-process check passed";
        }
        check("node", List.of("node", "-e", "console.log(process.hrtime.bigint().toString())"));
        return "CLOCK_MONOTONIC ns (Java System.nanoTime(), Node process.hrtime.bigint()); cross-process check passed";
    }

    private static void check(String name, List<String> command) throws InterruptedException {
        try {
            long before = Clock.now();
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            p.waitFor();
            long after = Clock.now();
            long theirs = Long.parseLong(out);
            if (theirs < before || theirs > after) {
                throw new BenchException(name + "'s monotonic clock (" + theirs + ") is not ours (" + before + ".."
                        + after + "): cross-process latencies would be meaningless on this machine");
            }
        } catch (IOException | NumberFormatException e) {
            throw new BenchException("cannot compare clocks with " + name + ": " + e.getMessage());
        }
    }
}
