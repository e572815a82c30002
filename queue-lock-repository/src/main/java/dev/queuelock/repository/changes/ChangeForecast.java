package dev.queuelock.repository.changes;

import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Which worktrees of one repository change the same files, from each one's changes as the affected
 * build reads them ({@link WorktreeChanges}: committed and uncommitted alike), and, for those whose
 * commits both touch them, whether merging the commits would conflict ({@link TextualConflict}).
 * It only reads: git without its optional locks, no lock of ours, no worktree touched.
 */
public final class ChangeForecast {

    /** Reads one worktree's changes (the affected build's reading, for its integration branch). */
    public interface Reader {
        WorktreeChanges changes(Path worktree) throws InterruptedException;
    }

    private ChangeForecast() {
    }

    /**
     * Each worktree's changes, by name, read side by side (each read is mostly a wait for git), in
     * the given order.
     */
    public static Map<String, WorktreeChanges> read(Map<String, Path> worktrees, Reader reader) throws InterruptedException {
        Map<String, WorktreeChanges> changes = new LinkedHashMap<>();
        if (worktrees.isEmpty()) {
            return changes;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(8, worktrees.size()), r -> {
            Thread t = new Thread(r, "queuelock changes");
            t.setDaemon(true);
            return t;
        });
        try {
            Map<String, Future<WorktreeChanges>> reads = new LinkedHashMap<>();
            worktrees.forEach((name, path) -> reads.put(name, pool.submit(() -> reader.changes(path))));
            for (Map.Entry<String, Future<WorktreeChanges>> read : reads.entrySet()) {
                try {
                    changes.put(read.getKey(), read.getValue().get());
                } catch (ExecutionException e) {
                    // a worktree git cannot read has no known changes: it overlaps nothing
                }
            }
            return changes;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The pairs that change the same files, in the order of {@code changes}; a worktree whose changes are not known is in none. */
    public static List<Overlap> overlaps(Map<String, WorktreeChanges> changes) {
        List<Overlap> overlaps = new ArrayList<>();
        List<String> names = new ArrayList<>(changes.keySet());
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                Set<String> shared = new LinkedHashSet<>(changes.get(names.get(i)).paths);
                shared.retainAll(new LinkedHashSet<>(changes.get(names.get(j)).paths));
                if (!shared.isEmpty()) {
                    overlaps.add(new Overlap(names.get(i), names.get(j), new ArrayList<>(shared), null));
                }
            }
        }
        return overlaps;
    }

    /**
     * The overlaps with a verdict where both worktrees have commits of their own: would merging
     * their commits conflict? Others stay unjudged (uncommitted work cannot be merged on trial).
     *
     * @param objects the repository's object directory ({@code <git common dir>/objects})
     */
    public static List<Overlap> judged(List<Overlap> overlaps, Map<String, Path> worktrees, Map<String, WorktreeChanges> changes,
            Path objects) throws InterruptedException {
        List<Overlap> judged = new ArrayList<>();
        Map<String, String> heads = new LinkedHashMap<>();
        for (Overlap overlap : overlaps) {
            String first = ownCommit(overlap.first, worktrees, changes, heads);
            String second = ownCommit(overlap.second, worktrees, changes, heads);
            judged.add(first == null || second == null ? overlap
                    : overlap.judged(TextualConflict.of(GitCommand.in(worktrees.get(overlap.first)), objects, first, second)));
        }
        return judged;
    }

    /** The worktree's HEAD if it has commits past its base; null if it has none (or git cannot tell). */
    private static String ownCommit(String name, Map<String, Path> worktrees, Map<String, WorktreeChanges> changes,
            Map<String, String> heads) throws InterruptedException {
        if (!heads.containsKey(name)) {
            String head = null;
            try {
                GitCommand.Result rev = GitCommand.in(worktrees.get(name)).run("rev-parse", "--verify", "-q", "HEAD");
                head = rev.ok() ? rev.out.strip() : null;
            } catch (IOException e) {
                // not judged
            }
            heads.put(name, head);
        }
        String head = heads.get(name);
        return head != null && !head.equals(changes.get(name).base) ? head : null;
    }
}
