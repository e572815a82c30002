package dev.queuelock.land.engine;

import dev.queuelock.land.git.Git;
import dev.queuelock.process.GitCommand;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * A rebase whose every step is checked. Another git process in the same worktree (a plain
 * {@code git status} by an editor, a script, an older queue-lock) holds its {@code index.lock} for
 * a moment now and then, and a rebase or {@code rebase --abort} that meets it fails half-way. So a
 * step that fails on a lock is tried again, briefly; a conflict is aborted, and the abort's own
 * result checked; and what is reported is the {@link Checkout} git shows afterwards.
 */
public final class Rebase {

    /** How long a step may keep meeting another process's lock before we give up and say so. */
    static final Duration LOCK_PATIENCE = Duration.ofSeconds(10);
    /**
     * How many times that patience the abort of a stopped rebase gets: a lane left mid-rebase is
     * worse than a land that waits, and on a crowded machine a loop of plain {@code git status}
     * can keep the lock for all of 10 s.
     */
    static final int ABORT_PATIENCE_TIMES = 6;
    private static final long PAUSE_MS = 25;

    /** How a rebase ended. */
    public enum Kind {
        /** Done: HEAD is the rebased commit. */
        REBASED,
        /** It conflicted and was aborted: the worktree is as it was. */
        CONFLICT,
        /** It could not be done or undone: {@link Result#after} says what the worktree is now. */
        STUCK
    }

    /** How a rebase ended, what git said, and the worktree as git shows it afterwards. */
    public static final class Result {
        public final Kind kind;
        /** The paths that conflicted (a conflict), else empty. */
        public final List<String> conflicts;
        /** What git said when it failed, on one line, else empty. */
        public final String reason;
        public final Checkout after;

        Result(Kind kind, List<String> conflicts, String reason, Checkout after) {
            this.kind = kind;
            this.conflicts = List.copyOf(conflicts);
            this.reason = reason;
            this.after = after;
        }
    }

    private final Git git;
    private final Duration patience;

    public Rebase(Git git) {
        this(git, LOCK_PATIENCE);
    }

    Rebase(Git git, Duration patience) {
        this.git = git;
        this.patience = patience;
    }

    /**
     * Rebases the worktree's branch onto {@code upstream} ({@code git rebase --no-autostash}); on a
     * conflict (or a failure half-way) aborts it. Never leaves a rebase in progress unless the abort
     * itself cannot be done within the patience.
     */
    public Result run(String upstream) throws InterruptedException {
        return attempt(() -> git.rebase(upstream));
    }

    /** Rebases the commits after {@code upstream} up to {@code commit} onto {@code newBase}, detached; as {@link #run}. */
    public Result onto(String newBase, String upstream, String commit) throws InterruptedException {
        return attempt(() -> git.rebaseOnto(newBase, upstream, commit));
    }

    private Result attempt(Supplier<GitCommand.Result> rebaseStep) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            GitCommand.Result rebase = rebaseStep.get();
            if (rebase.ok()) {
                return new Result(Kind.REBASED, List.of(), "", Checkout.of(git));
            }
            Checkout stopped = Checkout.of(git);
            List<String> conflicts = stopped.unmerged();
            if (stopped.rebasing()) {
                GitCommand.Result abort = abort(System.nanoTime() + abortPatience().toNanos());
                Checkout after = Checkout.of(git);
                if (!abort.ok() || after.rebasing()) {
                    return new Result(Kind.STUCK, conflicts, abort.ok() ? reason(rebase) : reason(abort, abortPatience()), after);
                }
                if (!conflicts.isEmpty() || !lockedOut(rebase)) {
                    return new Result(Kind.CONFLICT, conflicts, reason(rebase), after);
                }
            } else if (!lockedOut(rebase)) {
                return new Result(Kind.STUCK, conflicts, reason(rebase), stopped);
            }
            // It met another process's lock before it could start or half-way through a pick: again.
            if (!pause(deadline)) {
                return new Result(Kind.STUCK, conflicts, reason(rebase), Checkout.of(git));
            }
        }
    }

    /** {@code git rebase --abort}, tried again while another process holds a lock it needs. */
    private GitCommand.Result abort(long deadline) throws InterruptedException {
        while (true) {
            GitCommand.Result abort = git.abortRebase();
            if (abort.ok() || !lockedOut(abort) || !pause(deadline)) {
                return abort;
            }
        }
    }

    private static boolean pause(long deadline) throws InterruptedException {
        if (System.nanoTime() > deadline) {
            return false;
        }
        Thread.sleep(PAUSE_MS);
        return true;
    }

    /** Git failed because another process held one of its lock files ({@code index.lock}, a ref's lock). */
    static boolean lockedOut(GitCommand.Result result) {
        return result.err.contains(".lock': File exists");
    }

    private String reason(GitCommand.Result result) {
        return reason(result, patience);
    }

    private static String reason(GitCommand.Result result, Duration waited) {
        if (lockedOut(result)) {
            return "another git process kept the worktree's lock " + lockFile(result) + " for over "
                    + waited.toMillis() + " ms";
        }
        return result.errorOnOneLine();
    }

    private Duration abortPatience() {
        return patience.multipliedBy(ABORT_PATIENCE_TIMES);
    }

    private static String lockFile(GitCommand.Result result) {
        for (String line : result.err.split("\n")) {
            int start = line.indexOf("Unable to create '");
            if (start >= 0) {
                return line.substring(start + "Unable to create '".length(), line.indexOf("'", start + 18));
            }
        }
        return "a .lock file";
    }
}
