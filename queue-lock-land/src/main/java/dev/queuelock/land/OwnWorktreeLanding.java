package dev.queuelock.land;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import java.nio.file.Path;
import java.util.List;

/**
 * A lane landing on its own: rebased in its own worktree onto the fetched integration branch and
 * checked there. A conflict is aborted back to the lane's own commit; a failed check pushes nothing.
 */
final class OwnWorktreeLanding implements LandingDriver {

    private final Landing landing;
    private final LandRun run;
    private final LandLog log;

    OwnWorktreeLanding(Landing landing) {
        this.landing = landing;
        this.run = landing.run();
        this.log = landing.log();
    }

    @Override
    public void beforeFetch() {
        new Preflight(landing.git(), landing.settings()).discardRegenerableChanges(); // a build may have regenerated them while we queued
    }

    @Override
    public String candidate(String remoteRef) throws InterruptedException {
        Git git = landing.git();
        String before = git.output("rev-parse", "HEAD");
        if (!git.run("rebase", "--no-autostash", remoteRef).ok()) {
            git.run("rebase", "--abort");
            landing.clock().end(Phase.REBASE);
            run.outcome = Outcome.REBASE_CONFLICT.id();
            String after = git.output("rev-parse", "HEAD");
            throw new LandException("rebase of " + run.branch + " onto " + landing.remoteBranch()
                    + " conflicted and was aborted; the lane is unchanged at " + Landing.shortSha(after)
                    + (after.equals(before) ? "" : " (was " + Landing.shortSha(before) + ")")
                    + ". Resolve: git fetch " + landing.settings().remote + " " + landing.integration()
                    + " && git rebase " + remoteRef + ", then run land again.");
        }
        landing.clock().end(Phase.REBASE);
        runChecks();
        return git.output("rev-parse", "HEAD");
    }

    private void runChecks() throws InterruptedException {
        Checks checks = landing.checks();
        Path logFile = landing.logDir().resolve(run.lane + "-checks.log");
        log.info("checking the rebased commit: " + checks.describe());
        boolean passed;
        // The lander holds the build queue for its checks, so builds queued after it cannot starve
        // it; its child build runs inside that lock (the extension sees its ancestor holds it).
        try (QueueLock build = landing.buildLock()) {
            build.acquire(AcquireOptions.defaults().withLabel("land checks of " + run.branch).withListener(log::buildWait));
            passed = checks.run(landing.git().worktree(), logFile);
        } finally {
            landing.clock().end(Phase.CHECKS);
        }
        if (!passed) {
            run.outcome = Outcome.CHECK_FAILED.id();
            throw new LandException("checks failed on the rebased commit (" + checks.describe() + "); nothing was pushed."
                    + " Log: " + logFile + ". Fix, commit, and run land again.");
        }
    }

    @Override
    public void pushed(String commit) {
        run.commit = commit;
        run.outcome = Outcome.LANDED.id();
        log.info(run.branch + " landed on " + landing.remoteBranch() + " at " + Landing.shortSha(commit));
    }

    @Override
    public void rejected(String why) {
        run.outcome = Outcome.PUSH_REJECTED.id();
        throw new LandException("push to " + landing.remoteBranch() + " was " + why
                + "; nothing was forced and your commits are on " + run.branch + ". Run land again.");
    }

    @Override
    public void retrying(int retry) {
        run.retries = retry;
        log.warn(landing.remoteBranch() + " moved during the checks; rebasing and checking again (retry "
                + retry + " of " + landing.settings().pushRetries + ")");
    }

    @Override
    public LandException lostQueue() {
        return new LandException("lost the land queue before the push (its backend lost the lock, e.g. a ZooKeeper"
                + " session was suspended or expired); nothing was pushed and your commits are on " + run.branch
                + ". Run land again.");
    }

    @Override
    public List<LandRun> finish() {
        return List.of(run);
    }
}
