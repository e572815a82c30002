package dev.queuelock.land.lanes;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.GitRefs;
import dev.queuelock.land.git.PushResult;
import dev.queuelock.land.git.RemoteBranch;

/**
 * Ships the integration branch: fast-forwards {@code <remote>/<production>} to
 * {@code <remote>/<integration>}, or creates {@code <remote>/<production>} there when it does not
 * exist yet. A person's decision, never an agent's: it is not in the agents' instructions.
 * Refuses when production has commits of its own (they would have to be merged, and that is a
 * person's call too); does nothing when the two are equal; never forces.
 */
public final class Promotion {

    /** What {@link #promote} did. */
    public enum Result { PROMOTED, CREATED, ALREADY_EQUAL }

    private final Git git;
    private final RemoteBranch integration;
    private final RemoteBranch production;
    private final LandLog log;

    public Promotion(Git git, String remote, String integration, String production, LandLog log) {
        if (production.equals(integration)) {
            throw new LandException("the production branch and the integration branch are both '" + production
                    + "'; set queuelock.promote.productionBranch to the branch you ship from.");
        }
        this.git = git;
        this.integration = RemoteBranch.of(remote, integration);
        this.production = RemoteBranch.of(remote, production);
        this.log = log;
    }

    public Result promote() {
        git.fetch(integration);
        boolean productionExists = git.remotes().hasBranch(production);
        String target = git.commitOf(integration.trackingRef());
        int count = 0;
        if (productionExists) {
            git.fetch(production);
            if (git.commitOf(production.trackingRef()).equals(target)) {
                log.info(production + " is already at " + integration + " (" + shortSha(target) + "); nothing to promote.");
                return Result.ALREADY_EQUAL;
            }
            GitRefs.Divergence apart = git.refs().divergence(integration.trackingRef(), production.trackingRef())
                    .orElseThrow(() -> new LandException("git cannot compare " + production + " with " + integration
                            + "; nothing was pushed. Run promote again."));
            if (apart.ahead() > 0) {
                throw new LandException("refusing to promote: " + production + " has " + apart.ahead()
                        + " commit(s) that are not on " + integration + " (see git log " + integration.trackingRef() + ".."
                        + production.trackingRef() + "). Bring them onto " + integration.branch() + " first (land them),"
                        + " then promote again; nothing was pushed.");
            }
            count = apart.behind();
        }
        // The pre-push guard lets land's pushes through; a promotion is one of those, made on purpose.
        PushResult push = git.landingPush(production.remote(), target, production.branch());
        if (!push.ok()) {
            throw new LandException("push to " + production + " was rejected: " + push.reason()
                    + "; nothing was forced. Run promote again.");
        }
        return promoted(productionExists, target, count);
    }

    private Result promoted(boolean existed, String target, int count) {
        try {
            git.fetch(production);
        } catch (LandException e) {
            // pushed all the same; the remote-tracking ref catches up at the next fetch
        }
        if (!existed) {
            log.info("created " + production + " at " + integration + " (" + shortSha(target) + ").");
            return Result.CREATED;
        }
        log.info("promoted " + count + " commit(s): " + production + " fast-forwarded to " + shortSha(target) + ".");
        return Result.PROMOTED;
    }

    private static String shortSha(String sha) {
        return sha.substring(0, Math.min(10, sha.length()));
    }
}
