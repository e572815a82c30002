package dev.queuelock.process;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Stops a process tree. Java has no process groups, so: find the tree, send each process SIGTERM,
 * give them a grace period, find the tree again (what started meanwhile) and SIGKILL whatever is
 * left. Signals go through {@link ProcessHandle}s, which reach only the process they were taken of.
 */
public final class TreeStop {

    private static final long KILLED_NANOS = TimeUnit.SECONDS.toNanos(5);

    private TreeStop() {
    }

    /**
     * @param tree finds the tree's processes; list descendants before their parents, so SIGTERM
     *             reaches them even if a parent dies at once and they are re-parented out of reach
     * @return how many processes were signalled
     */
    public static int stop(Supplier<Set<ProcessHandle>> tree, Duration grace) {
        Set<ProcessHandle> stopping = new LinkedHashSet<>(tree.get());
        if (stopping.isEmpty()) {
            return 0;
        }
        stopping.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle h : stopping) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !awaitExit(h, left)) {
                break;
            }
        }
        stopping.addAll(tree.get());
        List<ProcessHandle> survivors = stopping.stream().filter(ProcessHandle::isAlive).collect(Collectors.toList());
        survivors.forEach(ProcessHandle::destroyForcibly);
        survivors.forEach(h -> awaitExit(h, KILLED_NANOS));
        return stopping.size();
    }

    private static boolean awaitExit(ProcessHandle h, long nanos) {
        try {
            h.onExit().get(nanos, TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
