package dev.queuelock.land.engine;

import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.checks.BuildQueueChecks;
import dev.queuelock.land.checks.CheckFailures;
import dev.queuelock.land.checks.CheckLogs;
import dev.queuelock.land.git.Git;
import dev.queuelock.build.slots.UsualHolds;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A lane landing on its own: rebased in its own worktree onto the fetched integration branch and
 * checked there. A conflict is aborted back to the lane's own commit; a failed check pushes nothing.
 */
final class OwnWorktreeLanding implements LandingDriver<OwnWorktreeLanding.Attempt> {

    private final Landing landing;
    private final String branch;
    private final LandLog log;

    OwnWorktreeLanding(Landing landing) {
        this.landing = landing;
        this.branch = landing.lane().branch();
        this.log = landing.log();
    }

    @Override
    public Attempt start() {
        return new Attempt(null, null);
    }

    @Override
    public Attempt candidate(String remoteRef, Attempt previous) throws InterruptedException {
        if (previous.commit() != null) {
            log.warn(landing.repo().remoteBranch() + " moved during the checks; rebasing and checking again (retry "
                    + landing.clock().retries() + " of " + landing.settings().pushRetries + ")");
        }
        new Preflight(landing.git(), landing.settings()).discardRegenerableChanges(); // a build may have regenerated them while we queued
        Git git = landing.git();
        String before = git.head();
        Rebase.Result rebase = new Rebase(git).run(remoteRef);
        landing.clock().end(Phase.REBASE);
        if (rebase.kind != Rebase.Kind.REBASED) {
            boolean conflict = rebase.kind == Rebase.Kind.CONFLICT || !rebase.conflicts.isEmpty();
            String why = notRebased(rebase, before);
            return Attempt.ended(conflict ? LandResult.conflict(why) : LandResult.failed(why));
        }
        String rebased = git.head();
        if (rebased.equals(git.commitOf(remoteRef))) {
            // Its commits are all upstream already (landed before, or the same change made there):
            // checking and "landing" it would report another lane's commit as this lane's.
            return Attempt.ended(LandResult.nothingToLand("nothing to land: " + landing.lane().named() + " is already on "
                    + landing.repo().remoteBranch() + " (no commit of its own after the rebase); no checks run, nothing pushed"));
        }
        return runChecks(rebased);
    }

    @Override
    public Attempt landed(Attempt candidate) {
        return Attempt.ended(LandResult.landed(candidate.commit(), landing.lane().named() + " landed on "
                + landing.repo().remoteBranch() + " at " + Landing.shortSha(candidate.commit())));
    }

    @Override
    public Attempt rejected(Attempt candidate, String why) {
        return Attempt.ended(LandResult.rejected("push to " + landing.repo().remoteBranch() + " was " + why
                + "; nothing was forced and your commits are on " + branch + ". Run land again."));
    }

    @Override
    public Attempt failed(Attempt last, String message) {
        return Attempt.ended(LandResult.failed(message));
    }

    /** What happened, from what git shows now: "unchanged" only if HEAD, index and working tree are. */
    private String notRebased(Rebase.Result rebase, String before) {
        boolean conflicted = !rebase.conflicts.isEmpty();
        String what = "rebase of " + landing.lane().named() + " onto " + landing.repo().remoteBranch()
                + (conflicted ? " conflicted"
                        : rebase.kind == Rebase.Kind.CONFLICT ? " stopped (" + rebase.reason + ")" : " failed (" + rebase.reason + ")");
        if (rebase.after.isUnchanged(before, branch)) {
            String unchanged = "; the lane is unchanged at " + Landing.shortSha(before);
            return rebase.kind != Rebase.Kind.CONFLICT ? what + unchanged + ". Run land again."
                    : what + " and was aborted" + in(rebase) + unchanged + ". Resolve: git fetch " + landing.settings().remote()
                    + " " + landing.repo().integration() + " && git rebase " + landing.repo().remoteRef() + ", then run land again.";
        }
        return what + in(rebase) + (conflicted && rebase.kind == Rebase.Kind.STUCK ? ", and git rebase --abort failed (" + rebase.reason + ")" : "")
                + "; the lane is left with " + rebase.after.describe() + " (nothing is lost: " + branch + " was at "
                + Landing.shortSha(before) + "). Run: " + rebase.after.fix(before, branch) + ", then land again.";
    }

    private static String in(Rebase.Result rebase) {
        return rebase.conflicts.isEmpty() ? "" : " (conflicts in " + Checkout.summarize(rebase.conflicts) + ")";
    }

    private Attempt runChecks(String rebased) throws InterruptedException {
        Path logFile = CheckLogs.of(landing.repo()).next(landing.lane().name());
        BuildQueueChecks checks = landing.checks(UsualHolds.LAND_CHECKS + " of " + branch);
        log.info("checking the rebased commit " + Landing.shortSha(rebased) + ": " + checks.describe());
        boolean passed;
        try (checks) {
            passed = checks.run(landing.git().worktree(), logFile);
        } finally {
            landing.clock().end(Phase.CHECKS);
        }
        if (passed) {
            return Attempt.push(rebased);
        }
        String old = landing.lane().head();
        String where = rebased.equals(old) ? landing.lane().named() + " is unchanged at " + Landing.shortSha(old)
                : landing.lane().named() + " stays rebased onto " + landing.repo().remoteBranch() + " at " + Landing.shortSha(rebased)
                + "; it was at " + Landing.shortSha(old) + " before this land (back there: git reset --keep " + old + ")";
        return Attempt.ended(LandResult.checksFailed("checks failed on the rebased commit " + Landing.shortSha(rebased) + " ("
                + checks.describe() + "); nothing was pushed:" + CheckFailures.indented(logFile)
                + "\nLog: " + logFile + ". " + where + ". Fix, commit, and run land again."));
    }

    /** A lane's attempt: the rebased, checked commit to push, or how its landing ended. */
    static final class Attempt implements LandingStep {
        private final String commit;
        private final LandResult ended;

        private Attempt(String commit, LandResult ended) {
            this.commit = commit;
            this.ended = ended;
        }

        static Attempt push(String commit) {
            return new Attempt(commit, null);
        }

        static Attempt ended(LandResult result) {
            return new Attempt(null, result);
        }

        @Override
        public String commit() {
            return commit;
        }

        @Override
        public Optional<LandResult> ended() {
            return Optional.ofNullable(ended);
        }
    }
}
