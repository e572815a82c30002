package dev.queuelock.land.setup;

import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.file.IdleQueue;
import dev.queuelock.file.QueueDirectory;
import dev.queuelock.land.base.FileTrees;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.checks.CheckLogs;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.InFlightLanding;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What queue-lock keeps of a repository besides init's files, removed by uninstall: every entry of
 * the state folder {@code <git common dir>/queuelock} that {@link StateEntry} says goes with the
 * state (init's record goes with {@link SetupRecord#delete}), and the repository's build and
 * land queue directories in the temp dir. A queue directory goes only when nobody holds or waits
 * in it ({@link IdleQueue}); the state stays while a landing is under way; a preview shown in the
 * main checkout keeps its manifest, which restoring it needs.
 */
public final class OwnState {


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
        int logs = CheckLogs.count(StateEntry.CHECK_LOGS.in(stateDir));
        boolean history = Files.exists(StateEntry.HISTORY.in(stateDir));
        for (StateEntry entry : StateEntry.values()) {
            if (entry.removedWithState()) {
                FileTrees.delete(entry.in(stateDir));
            }
        }
        deleteIfEmpty(StateEntry.SCRATCH.in(stateDir));
        if (history || logs > 0) {
            log.info("removed queue-lock's state in " + stateDir + ": " + (history ? "the landing history" : "")
                    + (history && logs > 0 ? " and " : "") + (logs > 0 ? logs + " check log(s)" : ""));
        }
        Path preview = StateEntry.PREVIEW.in(stateDir);
        if (Files.exists(preview)) {
            log.warn("kept " + preview + ": the main checkout shows a lane's preview, and restoring it"
                    + " (queuelock:preview -Dqueuelock.preview.restore) needs this file; restore it, then delete " + stateDir + ".");
        } else if (Files.exists(StateEntry.SCRATCH.in(stateDir))) {
            log.warn("kept " + StateEntry.SCRATCH.in(stateDir) + ": it holds scratch worktrees of batch checks; remove them"
                    + " with git worktree remove (git worktree list names them), then delete " + stateDir + ".");
        } else {
            deleteIfEmpty(stateDir);
        }
    }

    /** Removes one queue directory if idle, and says what happened; true unless someone is in it. */
    private boolean removeQueue(QueueDirectory queue) throws IOException {
        IdleQueue.Removal outcome;
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
        String[] names = dir.toFile().list(); // null when it is not there
        if (names != null && names.length == 0) {
            Files.delete(dir);
        }
    }
}
