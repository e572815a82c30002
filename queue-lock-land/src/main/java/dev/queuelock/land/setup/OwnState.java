package dev.queuelock.land.setup;

import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.file.IdleQueue;
import dev.queuelock.file.QueueDirectory;
import dev.queuelock.land.base.FileTrees;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.checks.CheckLogs;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.InFlightLanding;
import dev.queuelock.spi.Queue;
import dev.queuelock.land.history.Activity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What queue-lock keeps of a repository besides init's files, removed by uninstall: the landing
 * history, the check logs, the notes of landings, the landings' activity (the watch's timeline)
 * and the batch board under {@code <git common dir>/queuelock}, and the repository's build and
 * land queue directories in the temp dir. A queue directory goes only when nobody holds or waits
 * in it ({@link IdleQueue}); the state stays while a landing is under way; a preview shown in the
 * main checkout keeps its manifest, which restoring it needs.
 */
public final class OwnState {

    /** Under the state dir: what uninstall removes (init's record goes with {@link SetupRecord#delete}). */
    private static final List<String> REMOVED = List.of("land-history.json", "logs", "landing", "batch", Activity.NAME);
    private static final String PREVIEW = "preview.json";

    private final Path commonDir;
    private final QueueLockFactory queues;
    private final LandLog log;

    /** @param queues names the repository's queues as every session does ({@link QueueLockFactory#defaults()}) */
    public OwnState(Path commonDir, QueueLockFactory queues, LandLog log) {
        this.commonDir = commonDir;
        this.queues = queues;
        this.log = log;
    }

    /** Removes the idle queue directories, then the state, unless a landing is under way. */
    public void remove() throws IOException {
        removeQueue(QueueDirectory.of(queues.queue(Queue.BUILD, commonDir.toString())));
        boolean landQueueIdle = removeQueue(QueueDirectory.of(queues.queue(Queue.LAND, commonDir.toString())));
        Path stateDir = RepoContext.stateDir(commonDir);
        if (!landQueueIdle || !InFlightLanding.underWay(stateDir).isEmpty()) {
            log.warn("kept queue-lock's state in " + stateDir + ": a landing is under way; run uninstall again once it is done.");
            return;
        }
        int logs = CheckLogs.count(stateDir.resolve("logs"));
        boolean history = Files.exists(stateDir.resolve(REMOVED.get(0)));
        for (String entry : REMOVED) {
            FileTrees.delete(stateDir.resolve(entry));
        }
        if (history || logs > 0) {
            log.info("removed queue-lock's state in " + stateDir + ": " + (history ? "the landing history" : "")
                    + (history && logs > 0 ? " and " : "") + (logs > 0 ? logs + " check log(s)" : ""));
        }
        if (Files.exists(stateDir.resolve(PREVIEW))) {
            log.warn("kept " + stateDir.resolve(PREVIEW) + ": the main checkout shows a lane's preview, and restoring it"
                    + " (queuelock:preview -Dqueuelock.preview.restore) needs this file; restore it, then delete " + stateDir + ".");
        } else {
            deleteIfEmpty(stateDir);
        }
    }

    /** Removes one queue directory if idle, and says what happened; true unless someone is in it. */
    private boolean removeQueue(QueueDirectory queue) throws IOException {
        IdleQueue.Outcome outcome;
        try {
            outcome = IdleQueue.removeIfIdle(queue);
        } catch (QueueLockException e) {
            log.warn("kept " + queue + ": " + e.getMessage());
            return true;
        }
        switch (outcome) {
            case REMOVED:
                log.info("removed the idle queue directory " + queue);
                return true;
            case IN_USE:
                log.warn("kept " + queue + ": someone holds or waits in this queue; run uninstall again once it is idle.");
                return false;
            case OTHER_FILES:
                log.warn("kept " + queue + ": it holds files that are no queue's; look at them, then delete it.");
                return true;
            default:
                return true;
        }
    }

    private static void deleteIfEmpty(Path dir) throws IOException {
        String[] names = dir.toFile().list();
        if (names != null && names.length == 0) {
            Files.delete(dir);
        }
    }
}
