package dev.queuelock.maven.extension;

import dev.queuelock.build.slots.BuildPolicy;
import dev.queuelock.AcquireOptions;
import dev.queuelock.Durations;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.backends.JoiningLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.BuildScope;
import dev.queuelock.process.ProcessId;
import dev.queuelock.process.Processes;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.build.slots.BuildUsage;
import dev.queuelock.build.slots.UsageHistory;
import dev.queuelock.spi.Queue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import javax.inject.Named;
import javax.inject.Singleton;
import org.apache.maven.MavenExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a Maven session takes its build lock: in the queue of the session's repository (or of the
 * machine), joining the hold of an ancestor (a check build of land, an invoker IT) instead of
 * waiting for it, and giving it back exactly once, whichever of session end, event-spy close or
 * JVM shutdown comes first.
 */
@Named
@Singleton
public class BuildQueue {

    // Not injected: an injected slf4j Logger breaks core extensions on Maven 3.8.7.
    private static final Logger LOG = LoggerFactory.getLogger(BuildQueue.class);

    private QueueLock lock;
    private long acquiredAtNanos;
    /** How long this session waited for its slot, in milliseconds. */
    private long waitedMillis;
    /** Where the build queue keeps the builds' usage; null unless this session took a slot of its own. */
    private UsageHistory usage;
    /** CPU and time when this session took its slot: the hold alone is measured, right also in a daemon that ran builds before. */
    private BuildUsage.Start usageStart;

    /** Waits for the build lock of the repository containing {@code top}; the factory reads its own keys from {@code user}. */
    public void enter(Path top, BuildQueueSettings settings, Properties user, List<String> goals) throws MavenExecutionException {
        RepoKey repo = RepoKey.of(top);
        if (LOG.isDebugEnabled()) {
            LOG.debug("Build queue: {}.", Processes.current().describe());
        }
        try {
            QueueLockFactory factory = BuildPolicy.factory(user);
            Queue queue = factory.buildQueue(settings.scope(), repo);
            JoiningLock newLock = factory.openJoiningOwnHold(queue, repo.lane());
            String label = goals.isEmpty() ? "(default goals)" : String.join(" ", goals);
            acquire(newLock, settings, label, where(repo, settings));
            if (newLock.joined().isEmpty()) {
                // Every hold is measured, under fixed slots too: auto, once switched on, weighs every build, and a
                // waiter judges a long hold by the usual one of its kind (the label, as waiters read it).
                usage = new UsageHistory(queue.usageHistory());
                usageStart = BuildUsage.start(repo.lane(), waitedMillis, label);
            }
        } catch (IllegalArgumentException e) {
            throw new MavenExecutionException(e.getMessage(), e);
        } catch (QueueLockException e) {
            throw new MavenExecutionException(e.getMessage() + " (or skip the build queue with -Dqueuelock.build.skip=true)", e);
        }
    }

    /** The checkout as the acquired line names it: a lane by its name, the main checkout as such. */
    private static String where(RepoKey repo, BuildQueueSettings settings) {
        if (!repo.mainCheckout()) {
            return "lane " + repo.lane();
        }
        // Under machine scope other repositories' main checkouts share the queue: say whose.
        return settings.scope() == BuildScope.MACHINE ? "the main checkout of " + repo.lane() : "the main checkout";
    }

    private void acquire(JoiningLock newLock, BuildQueueSettings settings, String label, String where) throws MavenExecutionException {
        acquire(newLock, settings, label, where, MvndClientWatch.whileWaiting());
    }

    /** Takes the lock while {@code client} watches the mvnd client; package-private so a test can give the watch. */
    void acquire(JoiningLock newLock, BuildQueueSettings settings, String label, String where, MvndClientWatch client)
            throws MavenExecutionException {
        synchronized (this) {
            lock = newLock;
        }
        WaitLog waitLog = new WaitLog(LOG);
        long start = System.nanoTime();
        try {
            newLock.acquire(AcquireOptions.defaults().withLabel(label).withListener(waitLog)
                    .withStuckWarnInterval(settings.stuckWarnInterval()).withRunsIn(runsIn()));
        } catch (InterruptedException | QueueLockException e) {
            client.close();
            if (!client.clientGone() && e instanceof QueueLockException) {
                throw (QueueLockException) e;
            }
            leave();
            if (client.clientGone()) {
                throw clientGone(e);
            }
            Thread.currentThread().interrupt();
            throw new MavenExecutionException("Interrupted while waiting for the build lock.", e);
        } finally {
            client.close();
        }
        if (client.clientGone()) {
            // The client went as the lock was taken: close() swallowed the interrupt, and nobody waits for this build.
            leave();
            throw clientGone(null);
        }
        acquiredAtNanos = System.nanoTime();
        waitedMillis = (acquiredAtNanos - start) / 1_000_000;
        if (newLock.joined().isPresent()) {
            LockRecord holder = newLock.joined().get();
            if (ProcessId.of(holder.pid(), holder.start().orElse(null)).isAlive()) {
                LOG.info("Build queue: running inside the build lock held by {}; not queueing.", holder.describe());
            } else {
                LOG.warn("Build queue: {} started this build holding the build lock and has ended; this build keeps"
                        + " that hold until it ends (not queueing behind itself).", holder.describe());
            }
        } else if (waitLog.waited()) {
            LOG.info("Build lock acquired after waiting {}.", Durations.format(Duration.ofNanos(acquiredAtNanos - start)));
        } else {
            LOG.info("Build lock acquired ({}, {} queue).", where, settings.scope());
        }
    }

    private static MavenExecutionException clientGone(Exception cause) {
        return new MavenExecutionException("Build queue: the mvnd client that started this build has gone; the build"
                + " left the queue (it would have run for nobody).", cause);
    }

    /**
     * An mvnd daemon runs build after build for its clients: the lock's holder is named as the build
     * in that daemon, so nobody is told to stop the daemon (and every build in it) for this one.
     */
    private static String runsIn() {
        return System.getProperty("mvnd.home") == null ? null : "mvnd daemon";
    }

    /** Releases the build lock if this session holds or awaits it; later calls do nothing. */
    public void leave() {
        QueueLock held;
        synchronized (this) {
            held = lock;
            lock = null;
        }
        if (held != null) {
            boolean wasHeld = held.isHeld();
            held.release();
            if (wasHeld) {
                LOG.debug("Build lock released after {}.", Durations.format(Duration.ofNanos(System.nanoTime() - acquiredAtNanos)));
                recordUsage();
            }
        }
    }

    /** What this build used, measured and appended after the lock is given back (off every waiter's path). */
    private void recordUsage() {
        UsageHistory history = usage;
        usage = null;
        if (history == null) {
            return;
        }
        BuildUsage build = BuildUsage.measureSince(usageStart);
        if (history.record(build)) {
            LOG.debug("Build usage recorded: {} ms, {} ms CPU, peak {} bytes.", build.wallMillis(), build.cpuMillis(),
                    build.peakBytes());
        }
    }
}
