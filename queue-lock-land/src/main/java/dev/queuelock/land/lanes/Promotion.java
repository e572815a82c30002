package dev.queuelock.land.lanes;

import dev.queuelock.process.GitCommand;
import dev.queuelock.land.Git;
import dev.queuelock.land.LandException;
import dev.queuelock.land.LandLog;
import dev.queuelock.land.Lander;
import java.util.Map;

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
    private final String remote;
    private final String integration;
    private final String production;
    private final LandLog log;

    public Promotion(Git git, String remote, String integration, String production, LandLog log) {
        if (production.equals(integration)) {
            throw new LandException("the production branch and the integration branch are both '" + production
                    + "'; set queuelock.productionBranch to the branch you ship from.");
        }
        this.git = git;
        this.remote = remote;
        this.integration = integration;
        this.production = production;
        this.log = log;
    }

    public Result promote() {
        String integrationRef = "refs/remotes/" + remote + "/" + integration;
        String productionRef = "refs/remotes/" + remote + "/" + production;
        git.output("fetch", "--quiet", remote, "+refs/heads/" + integration + ":" + integrationRef);
        boolean productionExists = git.run("ls-remote", "--exit-code", "--heads", remote, "refs/heads/" + production).ok();
        String target = git.output("rev-parse", "--verify", integrationRef + "^{commit}");
        if (productionExists) {
            git.output("fetch", "--quiet", remote, "+refs/heads/" + production + ":" + productionRef);
            String current = git.output("rev-parse", "--verify", productionRef + "^{commit}");
            if (current.equals(target)) {
                log.info(remote + "/" + production + " is already at " + remote + "/" + integration + " (" + shortSha(target)
                        + "); nothing to promote.");
                return Result.ALREADY_EQUAL;
            }
            if (!git.run("merge-base", "--is-ancestor", current, target).ok()) {
                String own = git.output("rev-list", "--count", integrationRef + ".." + productionRef);
                throw new LandException("refusing to promote: " + remote + "/" + production + " has " + own
                        + " commit(s) that are not on " + remote + "/" + integration + " (see git log " + integrationRef + ".."
                        + productionRef + "). Bring them onto " + integration + " first (land them), then promote again;"
                        + " nothing was pushed.");
            }
        }
        String count = productionExists ? git.output("rev-list", "--count", productionRef + ".." + integrationRef) : null;
        // The pre-push guard lets land's pushes through; a promotion is one of those, made on purpose.
        GitCommand.Result push = git.run(Map.of(Lander.LANDING_ENV, "1"), "push", "--porcelain", remote,
                target + ":refs/heads/" + production);
        if (!push.ok()) {
            throw new LandException("push to " + remote + "/" + production + " was rejected: " + push.lastErrorLine()
                    + "; nothing was forced. Run promote again.");
        }
        git.run("fetch", "--quiet", remote, "+refs/heads/" + production + ":" + productionRef);
        if (!productionExists) {
            log.info("created " + remote + "/" + production + " at " + remote + "/" + integration + " (" + shortSha(target) + ").");
            return Result.CREATED;
        }
        log.info("promoted " + count + " commit(s): " + remote + "/" + production + " fast-forwarded to " + shortSha(target) + ".");
        return Result.PROMOTED;
    }

    private static String shortSha(String sha) {
        return sha.substring(0, Math.min(10, sha.length()));
    }
}
