package dev.queuelock.land.lanes;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a lane's branch began and what was done on it since, as its reflog tells: the newest entry
 * that created or reset it ({@code git worktree add -b} or {@code -B}) is the lane's start; a commit
 * entry after it ({@code commit: ...}, {@code commit (amend): ...}, {@code cherry-pick: ...}) says
 * the lane had commits of its own. A fast-forward to the integration branch ({@code pull}) is no commit.
 */
final class BranchStart {

    private static final Pattern TIME = Pattern.compile("@\\{(\\d+)\\}");

    /** Epoch ms the branch was created or last reset. */
    private final long at;
    private final boolean committed;

    private BranchStart(long at, boolean committed) {
        this.at = at;
        this.committed = committed;
    }

    /** @param reflog the branch's reflog as {@code GitRefs.reflog} gives it, newest first; empty if it tells no start */
    static Optional<BranchStart> of(List<String> reflog) {
        boolean committed = false;
        for (String line : reflog) {
            String[] parts = line.split("\t", 3);
            if (parts.length < 3) {
                continue;
            }
            String subject = parts[2];
            if (subject.startsWith("branch: Created from") || subject.startsWith("branch: Reset to")) {
                Matcher time = TIME.matcher(parts[1]);
                return Optional.of(new BranchStart(time.find() ? Long.parseLong(time.group(1)) * 1000 : 0, committed));
            }
            committed |= subject.startsWith("commit") || subject.startsWith("cherry-pick");
        }
        return Optional.empty();
    }

    long at() {
        return at;
    }

    /** Commits were made on the branch since it began. */
    boolean committed() {
        return committed;
    }
}
