package dev.queuelock.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Scenario 9: what watching costs. (a) The CPU an idle watch burns beside an idle waiter, both
 * behind one holder, over the same window ({@code /proc/<pid>/stat}). (b) With {@code waiters}
 * workers holding {@code holdMs} each in turn (a hand-off every {@code holdMs}), how long after
 * each take the watch showed the new holder (its print time minus the lock record's {@code ts}),
 * and the queue's hand-off times with and without the watch, and the watch's CPU while it watched them.
 */
final class WatchCost {

    private static final int WARM_UP_MS = 2000;

    private final Launcher launcher;
    private final Children children;
    private final RunDir.Parent runs;

    WatchCost(Launcher launcher, Children children, RunDir.Parent runs) {
        this.launcher = launcher;
        this.children = children;
        this.runs = runs;
    }

    /** The section of the results. */
    String markdown(int idleSeconds, int waiters, int holdMs, int rounds) throws InterruptedException, IOException {
        String load = Machine.loadAverage();
        RunDir idle = runs.create("watch-idle");
        Workers workers = new Workers(idle);
        Process holder = workers.add("holder", launcher.worker(Side.OURS, idle, "holder", "rounds=1", "gate=stdin"));
        workers.awaitHolding("holder", holder);
        Process waiter = workers.add("waiter", launcher.worker(Side.OURS, idle, "waiter", "rounds=1", "hold=0"));
        Process watch = watch(idle);
        workers.await("the waiter's ticket", 120, () -> idle.tickets() == 1);
        workers.await("the watch's first look", 120, () -> shown(idle).size() == 1);
        Thread.sleep(WARM_UP_MS);
        long waiter0 = IdleWaiter.cpuTicks(waiter.pid());
        long watch0 = IdleWaiter.cpuTicks(watch.pid());
        long t0 = Clock.now();
        Thread.sleep(idleSeconds * 1000L);
        double window = (Clock.now() - t0) / 1e9;
        double waiterCpu = 100.0 * (IdleWaiter.cpuTicks(waiter.pid()) - waiter0) / IdleWaiter.clockTicksPerSecond() / window;
        double watchCpu = 100.0 * (IdleWaiter.cpuTicks(watch.pid()) - watch0) / IdleWaiter.clockTicksPerSecond() / window;
        watch.destroy();
        Children.signal(holder);
        workers.awaitAllSucceeded(60);

        Stats without = handOffs(runs.create("watch-handoffs-unwatched"), waiters, holdMs, rounds, false).handOffs;
        Busy watched = handOffs(runs.create("watch-handoffs-watched"), waiters, holdMs, rounds, true);
        return "## 9. Watching (`mvn queuelock:watch`'s loop)\n\n"
                + "Load average " + load + " before / " + Machine.loadAverage() + " after.\n\n"
                + "| measure | value | target |\n|---|---|---|\n"
                + String.format("| idle CPU over %d s, one holder: watch / waiter | %.3f %% / %.3f %% of a core | watch ≤ waiter |%n",
                        idleSeconds, watchCpu, waiterCpu)
                + String.format("| %d waiters, a hand-off every %d ms: take → shown, p50 / p99 / max (%d takes) | %.0f / %.0f / %.0f ms | p99 ≤ 100 ms |%n",
                        waiters, holdMs, watched.lag.count(), watched.lag.p50(), watched.lag.p99(), watched.lag.max())
                + String.format("| the watch's CPU while they ran: per take | %.1f ms (%.0f ms for %d takes) | (a waiter's look: see scenario 1) |%n",
                        watched.watchCpuMs / (waiters * rounds), watched.watchCpuMs, waiters * rounds)
                + String.format("| hand-off p50 / p99 watched vs unwatched | %.2f / %.2f ms vs %.2f / %.2f ms (p50 ratio %.2f) | ratio ≈ 1 |%n",
                        watched.handOffs.p50(), watched.handOffs.p99(), without.p50(), without.p99(),
                        watched.handOffs.p50() / without.p50())
                + "\n";
    }

    private static final class Busy {
        Stats handOffs;
        Stats lag;
        /** The watch's CPU (utime + stime) while the workers ran, in ms. */
        double watchCpuMs;
    }

    private Busy handOffs(RunDir run, int count, int holdMs, int rounds, boolean watched) throws InterruptedException {
        Workers workers = new Workers(run);
        for (int i = 0; i < count; i++) {
            workers.add("w" + i, launcher.worker(Side.OURS, run, "w" + i, "rounds=" + rounds, "hold=" + holdMs,
                    "ready=" + run.resolve("ready-" + i)));
        }
        Process watch = watched ? watch(run) : null;
        workers.awaitReady(count);
        if (watch != null) {
            Thread.sleep(WARM_UP_MS);
        }
        long watch0 = watch == null ? 0 : IdleWaiter.cpuTicks(watch.pid());
        workers.processes().forEach(Children::signal);
        workers.awaitAllSucceeded(120 + count * rounds * (holdMs + 1000) / 1000);
        Busy busy = new Busy();
        if (watch != null) {
            busy.watchCpuMs = 1000.0 * (IdleWaiter.cpuTicks(watch.pid()) - watch0) / IdleWaiter.clockTicksPerSecond();
        }
        busy.handOffs = Stats.of(HandOffs.of(workers.acquisitions(), 1).latenciesMs());
        if (watch != null) {
            Thread.sleep(500);
            watch.destroy();
            List<Double> lags = new ArrayList<>();
            for (long[] line : shown(run)) {
                lags.add((double) (line[0] - line[2]));
            }
            busy.lag = Stats.of(lags);
        }
        return busy;
    }

    private Process watch(RunDir run) {
        return children.start(List.of(launcher.java(), "-Xmx64m", "-XX:+UseSerialGC", "-cp", launcher.benchJar().toString(),
                WatchWorker.class.getName(), "tmp=" + run.tmp(), "key=" + run.path()), run.work(),
                Map.of("TMPDIR", run.tmp().toString()), run.resolve("watch.out"), false);
    }

    /** The watch's lines: print time, holder pid, holder ts. */
    private static List<long[]> shown(RunDir run) {
        List<long[]> lines = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(run.resolve("watch.out"), StandardCharsets.UTF_8)) {
                String[] f = line.trim().split(" ");
                if (f.length == 3 && f[0].matches("\\d+")) {
                    lines.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])});
                }
            }
        } catch (IOException e) {
            return lines;
        }
        return lines;
    }
}
