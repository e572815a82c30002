package dev.queuelock.bench;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waiting on a set of started processes, failing early (with the culprit's output) if one dies. */
final class Workers {

    private final RunDir run;
    private final List<Process> processes = new ArrayList<>();
    private final List<String> names = new ArrayList<>();

    Workers(RunDir run) {
        this.run = run;
    }

    Process add(String name, Process process) {
        names.add(name);
        processes.add(process);
        return process;
    }

    List<Process> processes() {
        return processes;
    }

    /** Polls {@code condition} every millisecond until it holds; fails on timeout or a failed process. */
    void await(String what, int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            for (int i = 0; i < processes.size(); i++) {
                Process p = processes.get(i);
                if (!p.isAlive() && p.exitValue() != 0) {
                    throw new BenchException(names.get(i) + " (pid " + p.pid() + ") exited " + p.exitValue()
                            + " while waiting for " + what + ": " + Children.tail(run.resolve(names.get(i) + ".out")));
                }
            }
            if (System.nanoTime() > deadline) {
                throw new BenchException("timed out after " + seconds + " s waiting for " + what + " in " + run.path());
            }
            Thread.sleep(2);
        }
    }

    /** Until the named worker has logged that it holds the lock. */
    void awaitHolding(String name, Process worker) throws InterruptedException {
        await(name + " to hold the lock", 120, () -> !Launcher.acquisitions(run, name, worker).isEmpty());
    }

    void awaitReady(int count) throws InterruptedException {
        await(count + " workers ready", 300, () -> {
            for (int i = 0; i < count; i++) {
                if (!Files.exists(run.resolve("ready-" + i))) {
                    return false;
                }
            }
            return true;
        });
    }

    void awaitAllSucceeded(int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (int i = 0; i < processes.size(); i++) {
            long left = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(deadline - System.nanoTime()));
            Children.awaitSuccess(processes.get(i), (int) left, run.resolve(names.get(i) + ".out"));
        }
    }

    /** Every acquisition logged by every worker. */
    List<Acquisition> acquisitions() {
        List<Acquisition> all = new ArrayList<>();
        for (int i = 0; i < processes.size(); i++) {
            all.addAll(Launcher.acquisitions(run, names.get(i), processes.get(i)));
        }
        return all;
    }
}
