package dev.queuelock.land.batch;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.checks.CheckLogs;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.engine.PhaseClock;
import dev.queuelock.land.engine.Rebase;
import dev.queuelock.land.git.Git;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The batch candidate in the scratch worktree: each lane rebased in queue order on top of the
 * previous ({@code git rebase --onto <top> <remote ref> <lane commit>}, so exactly the commits
 * {@code land} would rebase), and the checks run on a chosen prefix's top. A lane that conflicts
 * is aborted and left out; its own worktree is never touched.
 */
final class CandidateStack implements Bisection.Stacker<BatchRequest>, Bisection.Checker<BatchRequest> {

    /** Told about each check run and each conflict, for the log and the history. */
    interface Steps {
        void checked(int run, String what, boolean passed, Path log);

        void conflicted(BatchRequest member);
    }

    private final Git scratch;
    private final String upstream;
    private final Checks checks;
    private final PhaseClock clock;
    private final Steps steps;
    private final CheckLogs logs;
    private final Map<String, Path> logOf = new java.util.HashMap<>();
    private int runs;

    /** @param checks run holding the build queue (taken at the first run, given back by the caller) */
    CandidateStack(Git scratch, String upstream, Checks checks, CheckLogs logs, PhaseClock clock, Steps steps) {
        this.scratch = scratch;
        this.upstream = upstream;
        this.checks = checks;
        this.logs = logs;
        this.clock = clock;
        this.steps = steps;
    }

    @Override
    public Bisection.Stack<BatchRequest> build(String base, List<BatchRequest> members) throws InterruptedException {
        Bisection.Stack<BatchRequest> stack = new Bisection.Stack<>();
        String top = base;
        for (BatchRequest member : members) {
            Rebase.Result rebase = new Rebase(scratch).onto(top, upstream, member.commit);
            if (rebase.kind == Rebase.Kind.REBASED) {
                String next = rebase.after.head();
                if (next.equals(top)) {
                    stack.alreadyThere(member); // all its commits were dropped as already applied
                } else {
                    top = next;
                    stack.add(member, top);
                }
            } else if (rebase.kind == Rebase.Kind.CONFLICT) {
                stack.conflicted(member);
                steps.conflicted(member);
            } else {
                throw new LandException("the batch could not stack " + member.lane + " in its scratch worktree " + scratch.worktree()
                        + " (" + rebase.reason + "; it is left with " + rebase.after.describe() + "); no lane's own worktree was touched."
                        + " Run land again.");
            }
        }
        clock.end(Phase.REBASE);
        return stack;
    }

    @Override
    public boolean passes(String commit, List<BatchRequest> members) throws InterruptedException {
        runs++;
        scratch.checkOutClean(commit); // the scratch worktree only: no output of one run leaks into the next
        Path log = logs.next("batch");
        boolean passed = checks.run(scratch.worktree(), log);
        logOf.put(commit, log);
        clock.end(Phase.CHECKS);
        steps.checked(runs, label(members), passed, log);
        return passed;
    }

    int runs() {
        return runs;
    }

    /** The log of the check run on this commit. */
    Path logOf(String commit) {
        return logOf.get(commit);
    }

    /** A check run as the log and the history name it: every lane in the checked commit, in stack order. */
    static String label(List<BatchRequest> members) {
        String lanes = String.join(", ", lanes(members));
        return members.size() == 1 ? lanes : lanes + " (" + members.size() + " lanes)";
    }

    static List<String> lanes(List<BatchRequest> members) {
        List<String> lanes = new ArrayList<>();
        members.forEach(m -> lanes.add(m.lane));
        return lanes;
    }
}
