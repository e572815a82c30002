package dev.queuelock.repository.changes;

import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether two commits would conflict if merged, as {@code git merge-tree --write-tree} (git 2.38 and
 * later) says, with no worktree or index touched. The objects the trial merge writes go to a
 * throw-away object directory (the repository's own is read as an alternate), so the repository is
 * left exactly as it was. An older git cannot judge this without a worktree: then the verdict says
 * so and nothing is guessed.
 */
public final class TextualConflict {

    /** The oldest git whose {@code merge-tree} has {@code --write-tree}. */
    static final String NEEDS = "git 2.38";
    /** Git's exit code for options it does not know (an older merge-tree's usage message). */
    private static final int USAGE = 129;
    private static final Duration GIT_LIMIT = Duration.ofSeconds(30);

    /** Whether git could judge. */
    public final boolean judged;
    /** The files the merge would leave in conflict; empty: it merges cleanly (or was not judged). */
    public final List<String> files;
    /** Why it was not judged; null when it was. */
    public final String unknown;

    private TextualConflict(boolean judged, List<String> files, String unknown) {
        this.judged = judged;
        this.files = List.copyOf(files);
        this.unknown = unknown;
    }

    public boolean conflicts() {
        return judged && !files.isEmpty();
    }

    /** {@code their commits would conflict in a.txt}, {@code their commits merge cleanly}, or why it is not known. */
    public String describe() {
        if (!judged) {
            return "whether their commits conflict is not known: " + unknown;
        }
        return files.isEmpty() ? "their commits merge cleanly" : "their commits would conflict in " + Overlap.files(files);
    }

    /**
     * Merges {@code first} and {@code second} (commit ids) on trial.
     *
     * @param git       git in any worktree of the repository
     * @param objects   the repository's object directory ({@code <git common dir>/objects})
     */
    public static TextualConflict of(GitCommand git, Path objects, String first, String second) throws InterruptedException {
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("queuelock-merge-tree");
            GitCommand.Result merge = git.withTimeout(GIT_LIMIT)
                    .withEnvironment(Map.of("GIT_OBJECT_DIRECTORY", scratch.toString(),
                            "GIT_ALTERNATE_OBJECT_DIRECTORIES", objects.toAbsolutePath().toString()))
                    .run("merge-tree", "--write-tree", "--name-only", "--no-messages", first, second);
            if (merge.exit == 0) {
                return new TextualConflict(true, List.of(), null);
            }
            if (merge.exit == 1) {
                return new TextualConflict(true, conflicted(merge.out), null);
            }
            String said = merge.lastErrorLine();
            return new TextualConflict(false, List.of(), merge.exit == USAGE || said.contains("write-tree")
                    ? "this git's merge-tree cannot merge without a worktree (" + NEEDS + " or later can)" : "git merge-tree failed: " + said);
        } catch (IOException e) {
            return new TextualConflict(false, List.of(), "git merge-tree cannot be run: " + e.getMessage());
        } finally {
            delete(scratch);
        }
    }

    /** The file names after the tree id, up to the blank line that would start the messages. */
    static List<String> conflicted(String out) {
        List<String> files = new ArrayList<>();
        String[] lines = out.split("\n");
        for (int i = 1; i < lines.length && !lines[i].isEmpty(); i++) {
            if (!files.contains(lines[i])) {
                files.add(lines[i]);
            }
        }
        return files;
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (java.util.stream.Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp dir left behind is the temp cleaner's
        }
    }
}
