package dev.queuelock.maven.extension.check;

import dev.queuelock.build.AffectedBuildSettings;
import dev.queuelock.build.ReuseSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.maven.extension.reuse.BuildReuse;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.repository.changes.WorktreeChanges;
import java.nio.file.Path;
import java.util.Set;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.execution.MavenSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Narrows a build in a lane to what the lane changed ({@link AffectedBuildSettings#AFFECTED}):
 * the files git names since the lane's base ({@link WorktreeChanges}) go to the decision land's check
 * uses ({@link AffectedReactor}), and the plan is said in one line before anything is built.
 * Projects the user chose on the command line (-pl, -rf, -am) win: then it does nothing.
 */
public final class LaneReactor {

    private static final Logger LOG = LoggerFactory.getLogger(LaneReactor.class);

    private LaneReactor() {
    }

    /**
     * @param top the session's top directory
     * @param reuse what this build may reuse; null for nothing
     * @throws InterruptedException while git ran
     */
    public static void narrow(MavenSession session, Path top, BuildReuse reuse) throws InterruptedException {
        String mode;
        try {
            mode = AffectedBuildSettings.AFFECTED_SETTING.from(session.getUserProperties());
        } catch (IllegalArgumentException e) {
            LOG.warn("{}; this build builds everything.", e.getMessage());
            return;
        }
        if (mode.equals(AffectedBuildSettings.OFF) || session.getProjects().size() < 2) {
            return; // a single project (a queuelock: goal reads only the top one) has nothing to leave out
        }
        if (choosesProjects(session.getRequest())) {
            LOG.debug("affected: not applied, the command line chooses the projects (-pl, -rf or -am)");
            return;
        }
        RepoKey repo = RepoKey.of(top);
        boolean lane = repo.inGit() && !repo.mainCheckout();
        if (mode.equals(AffectedBuildSettings.LANES) && !lane) {
            return; // the default for lanes: the main checkout and CI build everything, quietly
        }
        if (!repo.inGit()) {
            LOG.info("affected: full build: {} is not in a git repository", top);
            return;
        }
        WorktreeChanges changes = WorktreeChanges.of(repo.worktree(), session.getUserProperties());
        if (changes.unknown != null) {
            LOG.info("affected: full build: {}", changes.unknown);
        } else if (changes.paths.isEmpty()) {
            LOG.info("affected: full build: nothing changed since {}", changes.since);
        } else {
            CheckPlan plan = AffectedReactor.narrow(session, repo.worktree(), changes.paths);
            if (reuse != null && !plan.isFull()) {
                plan = plan.reusing(reuse.take(session, plan.builtOnly(), reusedTested(session, ReuseSettings.TESTED, plan)));
            }
            LOG.info(plan.summary(changes.since, changes.paths));
        }
    }

    /** The plan's tested modules, where {@code setting} lets the build take them with their tests' pass; none where it does not. */
    static Set<String> reusedTested(MavenSession session, Setting<Boolean> setting, CheckPlan plan) {
        try {
            return setting.from(session.getUserProperties()) ? plan.tested() : Set.of();
        } catch (IllegalArgumentException e) {
            LOG.warn("{}; every module planned is tested.", e.getMessage());
            return Set.of();
        }
    }

    private static boolean choosesProjects(MavenExecutionRequest request) {
        return !request.getSelectedProjects().isEmpty() || !request.getExcludedProjects().isEmpty()
                || request.getResumeFrom() != null || request.getMakeBehavior() != null;
    }
}
