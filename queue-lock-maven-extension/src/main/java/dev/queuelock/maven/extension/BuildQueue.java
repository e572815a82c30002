package dev.queuelock.maven.extension;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.BuildScope;
import dev.queuelock.process.ProcessAncestry;
import dev.queuelock.process.Processes;
import dev.queuelock.Durations;
import dev.queuelock.repo.RepoKey;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.inject.Named;
import javax.inject.Singleton;
import org.apache.maven.MavenExecutionException;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.execution.MavenSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the extension does at session start and end: take the build lock of the session's
 * repository (unless skipped, nested in the holder, or running only our own goals) and give it
 * back exactly once, whichever of session end, event-spy close or JVM shutdown comes first.
 */
@Named
@Singleton
public class BuildQueue {

    // Not injected: an injected slf4j Logger breaks core extensions on Maven 3.8.7.
    private static final Logger LOG = LoggerFactory.getLogger(BuildQueue.class);

    private QueueLock lock;
    private long acquiredAtNanos;

    public void enter(MavenSession session) throws MavenExecutionException {
        MavenExecutionRequest request = session.getRequest();
        List<String> goals = new ArrayList<>(request.getGoals());
        OwnGoals own = OwnGoals.ofThisPlugin();
        request.addPluginGroup(own.groupId());
        request.setGoals(own.pinned(goals));
        try {
            LaneBuildProperties.apply(request, topDirectory(request));
        } catch (IllegalArgumentException e) {
            // The build itself does not depend on it; a POM that uses ${queuelock.lane.port} will say so.
            LOG.warn("{}; queuelock.lane.number and queuelock.lane.port are not set in this build.", e.getMessage());
        }

        BuildQueueSettings settings;
        try {
            settings = BuildQueueSettings.from(session.getUserProperties(), System.getenv());
        } catch (IllegalArgumentException e) {
            throw new MavenExecutionException(e.getMessage(), e);
        }
        if (settings.skipReason().isPresent()) {
            LOG.info("Build queue skipped ({}).", settings.skipReason().get());
            return;
        }
        if (own.onlyOwn(goals)) {
            return; // status/help need no build slot; land takes its own locks
        }
        RepoKey repo = RepoKey.of(topDirectory(request));
        String key = settings.scope().buildQueueKey(repo);
        QueueLockFactory factory = QueueLockFactory.fromProperties(session.getUserProperties()).withPollInterval(settings.pollInterval());
        if (LOG.isDebugEnabled()) {
            LOG.debug("Build queue: {}.", Processes.current().describe());
        }
        try {
            Optional<LockRecord> ancestor = factory.snapshot(BuildScope.BUILD_QUEUE, key).holder()
                    .filter(ProcessAncestry::holdsForUs);
            if (ancestor.isPresent()) {
                LOG.info("Build queue: running inside the build lock held by {}; not queueing.", ancestor.get().describe());
                return;
            }
            acquire(factory.open(BuildScope.BUILD_QUEUE, key, repo.lane()), settings, goals);
        } catch (QueueLockException e) {
            throw new MavenExecutionException(e.getMessage() + " (or skip the build queue with -Dqueuelock.skip=true)", e);
        }
    }

    private void acquire(QueueLock newLock, BuildQueueSettings settings, List<String> goals) throws MavenExecutionException {
        synchronized (this) {
            lock = newLock;
        }
        WaitLog waitLog = new WaitLog(LOG);
        long start = System.nanoTime();
        try {
            newLock.acquire(AcquireOptions.defaults()
                    .withLabel(goals.isEmpty() ? "(default goals)" : String.join(" ", goals))
                    .withListener(waitLog)
                    .withStuckWarnInterval(settings.stuckWarnInterval()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            leave();
            throw new MavenExecutionException("Interrupted while waiting for the build lock.", e);
        }
        acquiredAtNanos = System.nanoTime();
        if (waitLog.waited()) {
            LOG.info("Build lock acquired after waiting {}.", Durations.format(Duration.ofNanos(acquiredAtNanos - start)));
        } else {
            LOG.info("Build lock acquired (lane {}, {} queue).", newLock.lane(), settings.scope());
        }
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
            }
        }
    }

    private static Path topDirectory(MavenExecutionRequest request) {
        // getTopDirectory()/getRootDirectory() exist only from Maven 4; this works on 3.8.7 to 4.
        File dir = request.getMultiModuleProjectDirectory();
        if (dir == null && request.getPom() != null) {
            dir = request.getPom().getAbsoluteFile().getParentFile();
        }
        return dir != null ? dir.toPath() : Path.of(request.getBaseDirectory() != null ? request.getBaseDirectory() : ".");
    }
}
