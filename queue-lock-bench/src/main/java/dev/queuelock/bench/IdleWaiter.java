package dev.queuelock.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Scenario 4: the CPU one waiter burns while it waits behind a holder: utime + stime from
 * {@code /proc/<pid>/stat} over the window, as a percentage of one core.
 */
final class IdleWaiter {

    private static final int WARM_UP_MS = 2000;

    private final Launcher launcher;
    private final RunDir.Parent runs;
    private final long clockTicks = clockTicksPerSecond();

    IdleWaiter(Launcher launcher, RunDir.Parent runs) {
        this.launcher = launcher;
        this.runs = runs;
    }

    Measurement measure(int seconds, int reps) throws InterruptedException {
        Measurement result = new Measurement();
        for (int rep = 0; rep < reps; rep++) {
            for (Side side : Side.order(rep)) {
                result.add(side, once(side, seconds, rep));
            }
        }
        return result;
    }

    private double once(Side side, int seconds, int rep) throws InterruptedException {
        RunDir run = runs.create("idle-" + side.name().toLowerCase() + "-" + rep);
        Workers workers = new Workers(run);
        Process holder = workers.add("holder", launcher.worker(side, run, "holder", "rounds=1", "gate=stdin"));
        workers.awaitHolding("holder", holder);
        Process waiter = workers.add("waiter", launcher.worker(side, run, "waiter", "rounds=1", "hold=0"));
        workers.await("the waiter's ticket", 120, () -> run.tickets() == 1);
        Thread.sleep(WARM_UP_MS); // start-up (class loading, JIT) is not waiting
        long ticks0 = cpuTicks(waiter.pid());
        long t0 = Clock.now();
        Thread.sleep(seconds * 1000L);
        long ticks1 = cpuTicks(waiter.pid());
        long t1 = Clock.now();
        if (!waiter.isAlive()) {
            throw new BenchException("the idle waiter stopped waiting early; see " + run.resolve("waiter.out"));
        }
        Children.signal(holder);
        workers.awaitAllSucceeded(60);
        return 100.0 * (ticks1 - ticks0) / clockTicks / ((t1 - t0) / 1e9);
    }

    /** utime + stime of the whole process (all threads), in clock ticks. */
    static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15 of proc(5)
        } catch (IOException | RuntimeException e) {
            throw new BenchException("cannot read /proc/" + pid + "/stat (the idle-waiter scenario needs Linux): " + e);
        }
    }

    static long clockTicksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            p.waitFor();
            return Long.parseLong(out);
        } catch (IOException | RuntimeException e) {
            return 100; // USER_HZ on every Linux build that matters
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }
}
