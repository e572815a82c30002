package dev.queuelock.bench;

import java.util.Random;

/**
 * Scenario 3: the holder is killed with SIGKILL ({@code Process.destroyForcibly()}); measured
 * from just before the signal to the waiter's acquire. A killed process makes no file event: the
 * peer notices at its next poll (the kill lands at a random phase of it), ours when the kernel
 * drops the holder's OS lock.
 */
final class CrashHandOff {

    private final Launcher launcher;
    private final RunDir.Parent runs;
    private final Random phase = new Random(20);

    CrashHandOff(Launcher launcher, RunDir.Parent runs) {
        this.launcher = launcher;
        this.runs = runs;
    }

    Measurement measure(int reps) throws InterruptedException {
        Measurement result = new Measurement();
        for (int rep = 0; rep < reps; rep++) {
            for (Side side : Side.order(rep)) {
                result.add(side, once(side, rep));
            }
        }
        return result;
    }

    private double once(Side side, int rep) throws InterruptedException {
        RunDir run = runs.create("crash-" + side.name().toLowerCase() + "-" + rep);
        Workers workers = new Workers(run);
        Process holder = workers.add("holder", launcher.worker(side, run, "holder", "rounds=1", "hold=-1"));
        workers.awaitHolding("holder", holder);
        Process waiter = workers.add("waiter", launcher.worker(side, run, "waiter", "rounds=1", "hold=0"));
        workers.await("the waiter's ticket", 120, () -> run.tickets() == 1);
        Thread.sleep(300 + phase.nextInt(400));
        long killed = Clock.now();
        holder.destroyForcibly();
        Children.awaitSuccess(waiter, 60, run.resolve("waiter.out"));
        Acquisition taken = Launcher.acquisitions(run, "waiter", waiter).get(0);
        return Clock.ms(taken.acquired() - killed);
    }
}
