package dev.queuelock.land.git;

import dev.queuelock.process.GitCommand;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The refs and history of a repository: what a ref names, how two commits relate, moving a branch. */
public final class GitRefs {

    /** How far a tip and a base went apart: the commits each has that the other has not. */
    public static final class Divergence {
        private final int ahead;
        private final int behind;

        Divergence(int ahead, int behind) {
            this.ahead = ahead;
            this.behind = behind;
        }

        /** Commits of the tip that the base has not. */
        public int ahead() {
            return ahead;
        }

        /** Commits of the base that the tip has not. */
        public int behind() {
            return behind;
        }
    }

    private final Git git;

    GitRefs(Git git) {
        this.git = git;
    }

    /** The object a ref (or {@code HEAD}) names, if it exists. */
    public Optional<String> resolve(String ref) {
        GitCommand.Result result = git.run("rev-parse", "--verify", "--quiet", ref);
        return result.ok() ? Optional.of(result.out.strip()) : Optional.empty();
    }

    /** Whether a local branch of that name exists. */
    public boolean hasBranch(String name) {
        return git.run("show-ref", "--verify", "--quiet", "refs/heads/" + name).ok();
    }

    /** Whether {@code ancestor} is {@code descendant} or in its history. */
    public boolean isAncestor(String ancestor, String descendant) {
        return git.run("merge-base", "--is-ancestor", ancestor, descendant).ok();
    }

    /** The best common ancestor of two commits, if they have one. */
    public Optional<String> mergeBase(String one, String other) {
        GitCommand.Result base = git.run("merge-base", one, other);
        return base.ok() ? Optional.of(base.out.strip()) : Optional.empty();
    }

    /** How far {@code tip} went from {@code base}, both ways; empty if git cannot compare them (one is missing). */
    public Optional<Divergence> divergence(String base, String tip) {
        GitCommand.Result counts = git.run("rev-list", "--left-right", "--count", base + "..." + tip);
        return counts.ok() ? Optional.of(GitOutput.leftRight(counts.out)) : Optional.empty();
    }

    /**
     * A branch's reflog, newest first, one line per entry: the commit, the entry's time in epoch
     * seconds and git's subject ({@code branch: Created from HEAD}, {@code commit: fix}), tab
     * separated; empty where git keeps none for it (reflogs off, or no such branch).
     */
    public List<String> reflog(String branch) {
        GitCommand.Result log = git.run("reflog", "show", "--date=unix", "--format=%H%x09%gd%x09%gs", "refs/heads/" + branch, "--");
        return log.ok() ? log.out.lines().filter(line -> !line.isBlank()).collect(Collectors.toList()) : List.of();
    }

    /** Points branch {@code name} at {@code to} only if it still is at {@code from} (checked atomically), saying why in its reflog. */
    public GitCommand.Result moveBranch(String name, String from, String to, String why) {
        return git.run("update-ref", "-m", why, "refs/heads/" + name, to, from);
    }

    /** Deletes a branch whose commits are all on its upstream or HEAD; git refuses otherwise. */
    public GitCommand.Result deleteMergedBranch(String name) {
        return git.run("branch", "-d", "--quiet", "--", name);
    }
}
