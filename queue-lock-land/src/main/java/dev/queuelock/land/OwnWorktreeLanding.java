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
        Rebase.Result rebase = new Rebase(git).run(remoteRef);
        if (rebase.kind != Rebase.Kind.REBASED) {
            landing.clock().end(Phase.REBASE);
            run.outcome = (rebase.kind == Rebase.Kind.CONFLICT || !rebase.conflicts.isEmpty() ? Outcome.REBASE_CONFLICT : Outcome.ERROR).id();
            throw new LandException(notRebased(rebase, before));
        }
        landing.clock().end(Phase.REBASE);
        String rebased = git.output("rev-parse", "HEAD");
        if (rebased.equals(git.output("rev-parse", remoteRef))) {
            // Its commits are all upstream already (landed before, or the same change made there):
            // checking and "landing" it would report another lane's commit as this lane's.
            run.outcome = Outcome.NOTHING_TO_LAND.id();
            log.info("nothing to land: " + run.branch + " is already on " + landing.remoteBranch()
                    + " (no commit of its own after the rebase); no checks run, nothing pushed");
            return null;
        }
        runChecks(rebased);
        return rebased;
    }

    /** What happened, from what git shows now: "unchanged" only if HEAD, index and working tree are. */
    private String notRebased(Rebase.Result rebase, String before) {
        boolean conflicted = !rebase.conflicts.isEmpty();
        String what = "rebase of " + run.branch + " onto " + landing.remoteBranch()
                + (conflicted ? " conflicted"
                        : rebase.kind == Rebase.Kind.CONFLICT ? " stopped (" + rebase.reason + ")" : " failed (" + rebase.reason + ")");
        if (rebase.after.isUnchanged(before, run.branch)) {
            String unchanged = "; the lane is unchanged at " + Landing.shortSha(before);
            return rebase.kind != Rebase.Kind.CONFLICT ? what + unchanged + ". Run land again."
                    : what + " and was aborted" + in(rebase) + unchanged + ". Resolve: git fetch " + landing.settings().remote
                    + " " + landing.integration() + " && git rebase " + landing.remoteRef() + ", then run land again.";
        }
        return what + in(rebase) + (conflicted && rebase.kind == Rebase.Kind.STUCK ? ", and git rebase --abort failed (" + rebase.reason + ")" : "")
                + "; the lane is left with " + rebase.after.describe() + " (nothing is lost: " + run.branch + " was at "
                + Landing.shortSha(before) + "). Run: " + rebase.after.fix(before, run.branch) + ", then land again.";
    }

    private static String in(Rebase.Result rebase) {
        return rebase.conflicts.isEmpty() ? "" : " (conflicts in " + Checkout.summarize(rebase.conflicts) + ")";
    }

    private void runChecks(String rebased) throws InterruptedException {
        Checks checks = landing.checks();
        Path logFile = new CheckLogs(landing.logDir()).next(run.lane);
        log.info("checking the rebased commit " + Landing.shortSha(rebased) + ": " + checks.describe());
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
            String old = landing.head();
            String where = rebased.equals(old) ? run.branch + " is unchanged at " + Landing.shortSha(old)
                    : run.branch + " stays rebased onto " + landing.remoteBranch() + " at " + Landing.shortSha(rebased)
                    + "; it was at " + Landing.shortSha(old) + " before this land (back there: git reset --keep " + old + ")";
            throw new LandException("checks failed on the rebased commit " + Landing.shortSha(rebased) + " ("
                    + checks.describe() + "); nothing was pushed:" + CheckFailures.indented(logFile)
                    + "\nLog: " + logFile + ". " + where + ". Fix, commit, and run land again.");
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
