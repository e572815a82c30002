package dev.queuelock.process;

import java.time.Duration;
import java.util.ArrayList;
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

    /** SIGTERM first: a JVM runs its shutdown hooks, and a build tells the processes it forked. */
    public static final Duration GRACE = Duration.ofSeconds(3);

    private static final long KILLED_NANOS = TimeUnit.SECONDS.toNanos(5);

    private TreeStop() {
    }

    /**
     * Stops {@code root} and its descendants as they are in each round (one listing of the process
     * table per round), descendants first so SIGTERM reaches them even if a parent dies at once
     * and they are re-parented out of reach.
     *
     * @return how many processes were signalled while they ran
     */
    public static int stopTree(ProcessHandle root, Duration grace) {
        return stop(() -> treeOf(root), grace);
    }

    private static Set<ProcessHandle> treeOf(ProcessHandle root) {
        List<ProcessHandle> all = new ArrayList<>(root.descendants().collect(Collectors.toList()));
        all.add(root);
        return new LinkedHashSet<>(all);
    }

    /**
     * @param tree finds the tree's processes; list descendants before their parents
     * @return how many processes were signalled while they ran (one that had ended is not counted)
     */
    static int stop(Supplier<Set<ProcessHandle>> tree, Duration grace) {
        Set<ProcessHandle> stopping = new LinkedHashSet<>(tree.get());
        Set<ProcessHandle> signalled = new LinkedHashSet<>();
        for (ProcessHandle h : stopping) {
            if (h.isAlive() && h.destroy()) {
                signalled.add(h);
            }
        }
        if (signalled.isEmpty()) {
            return 0;
        }
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle h : signalled) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !awaitExit(h, left)) {
                break;
            }
        }
        stopping.addAll(tree.get());
        List<ProcessHandle> killed = new ArrayList<>();
        for (ProcessHandle h : stopping) {
            if (h.isAlive() && h.destroyForcibly()) {
                killed.add(h);
                signalled.add(h);
            }
        }
        killed.forEach(h -> awaitExit(h, KILLED_NANOS));
        return signalled.size();
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
